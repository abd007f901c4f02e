import { readFromNode } from '../chains/readFromNode'
import { AppError } from '../errors'
import { convertWeiToToken, gaslessGasUnits } from './computeGaslessFee'
import type { GaslessOrder } from './gaslessOrderTypes'
import type { GaslessServiceDeps } from './gaslessServiceDeps'

/**
 * Refuses a fee below the relayer's gas cost now (the route's budgeted gas at today's gas price, no margin),
 * and a source token whose cost cannot be priced: the relayer would pay gas for nothing. Throws INVALID_ORDER
 * or GASLESS_UNAVAILABLE.
 */
export async function checkGaslessFee(
  deps: Pick<GaslessServiceDeps, 'markets'>,
  chainId: number,
  order: GaslessOrder,
  stepCount: number,
): Promise<void> {
  const market = deps.markets.get(chainId)
  const gasPrice = await readFromNode('the gas price', () => market.getGasPrice({ fresh: true }))
  const minFee = convertWeiToToken({
    wei: gaslessGasUnits(stepCount) * gasPrice,
    nativeUsd: market.getUsdPrice(market.deployment.wrappedNative),
    srcUsd: market.getUsdPrice(order.srcToken),
    srcDecimals: market.findToken(order.srcToken)?.decimals ?? 18,
  })
  if (minFee === undefined) {
    throw new AppError('GASLESS_UNAVAILABLE', `The relayer's fee cannot be priced in ${order.srcToken}`, {
      details: { param: 'srcToken' },
    })
  }
  if (order.fee < minFee) {
    throw new AppError(
      'INVALID_ORDER',
      `fee ${order.fee} is below the relayer's gas cost of ${minFee} at today's gas price`,
      {
        details: { param: 'fee', minFee: minFee.toString() },
      },
    )
  }
}
