import { computeGasReserve, computeMaxAmount } from '../../swap'
import type { CrossToken } from './CrossToken'

const nativeAddress = '0x0000000000000000000000000000000000000000'

/**
 * The amount Max fills in, in base units of `from`: the whole balance of a token; of the native coin, the
 * balance less the offer's provider fee (`nativeFee`, wei, paid in value beside the amount) and a gas reserve of
 * 1/100 of a coin, never below zero.
 */
export function computeCrossMaxAmount(params: {
  balance: bigint
  nativeFee: bigint
  from: CrossToken
}): bigint {
  const gasReserve =
    params.nativeFee +
    computeGasReserve({
      gasCostWei: undefined,
      fallback: 10n ** BigInt(Math.max(params.from.decimals - 2, 0)),
    })
  return computeMaxAmount({
    balance: params.balance,
    isNative: params.from.address === nativeAddress,
    gasReserve,
  })
}
