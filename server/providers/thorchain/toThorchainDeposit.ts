import { zeroAddress } from 'viem'
import { getChainInfo } from '../../chains/chainInfo'
import { parseSwapMemo } from '../../thorchain/parseSwapMemo'
import type { ProviderObservedDeposit } from '../types'
import type { MidgardAction, ThornodeTxStatus } from './createThornodeClient'
import { fromThorUnits } from './thorchainAssets'
import { toOurThorchainSwap } from './toOurThorchainSwap'
import { toThorchainTransferRecord } from './toThorchainTransferRecord'

const chainOfAsset = (asset: string) => asset.split('.')[0] ?? ''

/**
 * One of Midgard's actions as a deposit of ours from a UTXO or Cosmos chain (`chainIds` served), or undefined
 * when it is not one: another kind of action, an EVM inbound (the trade watcher and `info/tx` know those by
 * their 0x hash), or someone else's swap (`toOurThorchainSwap`). Its state is `toThorchainTransferRecord`'s of
 * the same transactions; `amountIn` is what was actually paid, in the source coin's base units; the refund
 * address is the refund's destination once refunded, else the memo's refund address or the sender. Pure.
 */
export function toThorchainDeposit(
  action: MidgardAction,
  chainIds: readonly number[],
): ProviderObservedDeposit | undefined {
  const inbound = action.in[0]
  const coin = inbound?.coins[0]
  if (inbound === undefined || coin === undefined || (action.type !== 'swap' && action.type !== 'refund'))
    return undefined
  const memo = action.metadata?.swap?.memo ?? action.metadata?.refund?.memo ?? ''
  const tx: ThornodeTxStatus['tx'] = {
    id: inbound.txID,
    chain: chainOfAsset(coin.asset),
    from_address: inbound.address,
    coins: inbound.coins,
    memo,
  }
  const ours = toOurThorchainSwap(tx, chainIds)
  const source = ours === undefined ? undefined : getChainInfo(ours.sourceChainId)
  if (ours === undefined || source === undefined || source.family === 'evm') return undefined
  const status: ThornodeTxStatus = {
    tx,
    out_txs: action.out.map((out) => ({
      id: out.txID,
      chain: chainOfAsset(out.coins[0]?.asset ?? ''),
      to_address: out.address,
      coins: out.coins,
    })),
  }
  const record = toThorchainTransferRecord(inbound.txID, status, ours)
  const parsed = parseSwapMemo(memo)
  return {
    ...record,
    sender: inbound.address,
    receiver: parsed.destination,
    tokenIn: zeroAddress,
    tokenOut: zeroAddress,
    amountIn: fromThorUnits(BigInt(coin.amount), source.nativeCurrency.decimals),
    // Midgard's dates are nanoseconds
    observedAt: new Date(Number(BigInt(action.date) / 1_000_000n)),
    memo,
    refundAddress:
      record.refunded === true
        ? (action.out[0]?.address ?? inbound.address)
        : (parsed.refundAddress ?? inbound.address),
  }
}
