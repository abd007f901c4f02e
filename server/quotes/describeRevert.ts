import { BaseError, ContractFunctionRevertedError, decodeErrorResult, type Hex } from 'viem'
import { aggregatorAbi } from '../../contracts/artifacts'

/** A short human reason for a failed estimate: the Aggregator's custom error name when it is one. */
export function describeRevert(error: unknown): string {
  if (error instanceof BaseError) {
    const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError)
    if (reverted instanceof ContractFunctionRevertedError && reverted.data?.errorName)
      return reverted.data.errorName
    const raw = error.walk((e) => typeof (e as { data?: unknown }).data === 'string') as { data?: Hex } | null
    if (raw?.data) {
      try {
        return decodeErrorResult({ abi: aggregatorAbi, data: raw.data }).errorName
      } catch {
        // not one of ours
      }
    }
    return error.shortMessage
  }
  return 'Gas estimation failed'
}
