import { zeroAddress } from 'viem'
import { MemoError, parseSwapMemo, type SwapMemo } from '../../thorchain/parseSwapMemo'
import { formatThorAsset } from '../../thorchain/thorAsset'
import type { ThornodeTxStatus } from './createThornodeClient'
import { servesThorchainPair } from './servesThorchainPair'
import { chainIdOfThorChain, toThorNativeAsset } from './thorchainAssets'

/**
 * The rule for "ours" on the liquidity network, whose deposits carry no mark of our contracts (UTXO and Cosmos
 * payments, router deposits): an inbound is a trade of this API only when it is what `buildTransaction` could
 * have sent: the native coin of a chain we serve (`chainIds`), with a memo that parses as a swap, names no
 * affiliate (ours never do) and asks for the native asset of a chain we serve in a direction we serve.
 * Anything else (a liquidity add, a foreign front end's affiliate swap, an invalid memo) is someone else's: not
 * answered, not stored. The chains and sides of such a swap, else undefined. Pure; rethrows what is not a
 * MemoError.
 */
export function toOurThorchainSwap(
  tx: ThornodeTxStatus['tx'],
  chainIds: readonly number[],
): { sourceChainId: number; destinationChainId: number } | undefined {
  const sourceChainId = chainIdOfThorChain(tx.chain)
  if (sourceChainId === undefined || !chainIds.includes(sourceChainId)) return undefined
  const coin = tx.coins[0]
  if (tx.coins.length !== 1 || coin?.asset.toUpperCase() !== toThorNativeAsset(sourceChainId, zeroAddress))
    return undefined
  let memo: SwapMemo
  try {
    memo = parseSwapMemo(tx.memo ?? '')
  } catch (error: unknown) {
    if (error instanceof MemoError) return undefined
    throw error
  }
  if (memo.affiliate !== undefined || memo.affiliateBps > 0) return undefined
  const destinationChainId = chainIdOfThorChain(memo.asset.chain)
  if (
    destinationChainId === undefined ||
    toThorNativeAsset(destinationChainId, zeroAddress) !== formatThorAsset(memo.asset) ||
    !servesThorchainPair(chainIds, sourceChainId, destinationChainId)
  )
    return undefined
  return { sourceChainId, destinationChainId }
}
