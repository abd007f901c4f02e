import { zeroAddress } from 'viem'
import { getChainInfo } from '../../chains/chainInfo'
import type { UtxoNodeTx } from '../../chains/createUtxoNodeClient'
import { decodeOpReturnMemo } from '../../thorchain/decodeOpReturnMemo'
import { parseSwapMemo } from '../../thorchain/parseSwapMemo'
import type { ProviderObservedDeposit } from '../types'
import { toMemoAddress, toThorNativeAsset, toThorUnits } from './thorchainAssets'
import { toOurThorchainSwap } from './toOurThorchainSwap'

/**
 * A transaction of UTXO chain `sourceChainId` seen in its node's mempool as a deposit of ours, before the network
 * observes it, or undefined when it is not one: it pays nothing to the inbound `vault`, it is the vault's own
 * payment (`sender` the vault: its change comes back to it; a CashAddr matches with or without its prefix), or its memo (the first OP_RETURN output, as the
 * network reads it) is not a swap of ours by `toOurThorchainSwap` over `chainIds`. The deposit is PENDING (its
 * origin transaction is not final), paid at `seenAt`, with `amountIn` every output to the vault in satoshis (what
 * the network credits), the memo's destination as receiver and its refund address, else the sender, as refund
 * address. `sender` is the owner of the first input, '' when it could not be read. A payment without a memo
 * (a memoless deposit, read by the network from its amount) is not matched here. Pure.
 */
export function toMempoolDeposit(params: {
  tx: UtxoNodeTx
  sourceChainId: number
  vault: string
  sender: string
  seenAt: Date
  chainIds: readonly number[]
}): ProviderObservedDeposit | undefined {
  const { tx, sourceChainId, vault, sender } = params
  const source = getChainInfo(sourceChainId)
  const asset = toThorNativeAsset(sourceChainId, zeroAddress)
  if (
    source === undefined ||
    source.family !== 'utxo' ||
    asset === undefined ||
    toMemoAddress(sender) === toMemoAddress(vault)
  )
    return undefined
  let amountIn = 0n
  let memo: string | undefined
  // Bitcoin Cash nodes write CashAddr with its prefix, THORNode's vaults without
  const vaultKey = toMemoAddress(vault)
  for (const output of tx.outputs) {
    if (output.address !== undefined && toMemoAddress(output.address) === vaultKey)
      amountIn += output.satoshis
    memo ??= decodeOpReturnMemo(output.script)
  }
  if (amountIn === 0n || memo === undefined) return undefined
  const ours = toOurThorchainSwap(
    {
      id: tx.txid,
      chain: source.thorChain ?? '',
      from_address: sender,
      coins: [{ asset, amount: toThorUnits(amountIn, source.nativeCurrency.decimals).toString() }],
      memo,
    },
    params.chainIds,
  )
  if (ours === undefined) return undefined
  const parsed = parseSwapMemo(memo)
  return {
    originTxHash: tx.txid,
    ...ours,
    state: 'PENDING',
    receivedDifferentTokens: false,
    sender,
    receiver: parsed.destination,
    tokenIn: zeroAddress,
    tokenOut: zeroAddress,
    amountIn,
    observedAt: params.seenAt,
    memo,
    refundAddress: parsed.refundAddress ?? sender,
  }
}
