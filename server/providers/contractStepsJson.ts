import { getAddress } from 'viem'
import { AppError } from '../errors'
import type { ContractStep } from '../routing/toContractSteps'
import type { ProviderJson } from './types'

/** Aggregator steps as JSON for a quote's `details` (the share as a decimal string). Pure. */
export function stepsToJson(steps: readonly ContractStep[]): ProviderJson {
  return steps.map((s) => ({
    kind: s.kind,
    factoryId: s.factoryId,
    tokenIn: s.tokenIn,
    tokenOut: s.tokenOut,
    fee: s.fee,
    share: s.share.toString(),
  }))
}

/**
 * Aggregator steps back from a quote's `details` (they travelled to the client); throws 400 `INVALID_PARAMS`
 * naming `transactionData.<field>` when they are not well formed. Pure.
 */
export function stepsFromJson(value: ProviderJson | undefined, field: string): ContractStep[] {
  const bad = () =>
    new AppError('INVALID_PARAMS', `transactionData.${field} is not what this quote carried`, {
      details: { param: `transactionData.${field}` },
    })
  if (!Array.isArray(value)) throw bad()
  return value.map((raw: ProviderJson) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw bad()
    const { kind, factoryId, tokenIn, tokenOut, fee, share } = raw as Record<string, ProviderJson>
    if (
      typeof kind !== 'number' ||
      typeof factoryId !== 'number' ||
      typeof tokenIn !== 'string' ||
      typeof tokenOut !== 'string' ||
      typeof fee !== 'number' ||
      typeof share !== 'string' ||
      !/^\d{1,20}$/.test(share)
    )
      throw bad()
    return {
      kind,
      factoryId,
      tokenIn: getAddress(tokenIn),
      tokenOut: getAddress(tokenOut),
      fee,
      share: BigInt(share),
    }
  })
}
