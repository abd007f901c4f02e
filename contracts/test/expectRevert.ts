import { BaseError, ContractFunctionRevertedError } from 'viem'
import { expect } from 'vitest'

/** Asserts that `promise` (a simulation or a write) reverts with the custom error `errorName` (and `args`). */
export async function expectRevert(promise: Promise<unknown>, errorName: string, args?: readonly unknown[]) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(BaseError)
  const reverted =
    error instanceof BaseError ? error.walk((x) => x instanceof ContractFunctionRevertedError) : null
  expect(reverted).toBeInstanceOf(ContractFunctionRevertedError)
  if (!(reverted instanceof ContractFunctionRevertedError)) return
  expect(reverted.data?.errorName).toBe(errorName)
  if (args) expect(reverted.data?.args).toEqual(args)
}
