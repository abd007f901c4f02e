import { ClientError } from '../../../lib/ClientError'

/**
 * Checks that the transaction `swap/cross` built for an exact-output offer still pays exactly the typed amount
 * (its `amountOut` and `minAmountOut` both equal to it): anything else would not be the trade the user asked for,
 * and throws `ClientError('INVALID_TRANSACTION')` before the wallet is asked. Pure.
 */
export function checkExactOutSwap(
  swap: { amountOut: string; minAmountOut: string },
  exactAmount: bigint,
): void {
  const exact = exactAmount.toString()
  if (swap.amountOut !== exact || swap.minAmountOut !== exact)
    throw new ClientError(
      'INVALID_TRANSACTION',
      `swap/cross pays ${swap.amountOut} (at least ${swap.minAmountOut}), not the exact ${exact} asked`,
    )
}
