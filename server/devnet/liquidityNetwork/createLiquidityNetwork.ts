import path from 'node:path'
import type { ClpPool } from '../../thorchain/computeClpSwap'
import type { ClpPools } from '../../thorchain/computeSwapOutcome'
import { type ObservedInbound, type Outbound, settleInbound } from '../../thorchain/settleInbound'
import { type BitcoinRpcClient, toSatoshis } from '../../utxo/createBitcoinRpcClient'
import { createStateFile } from '../createStateFile'
import type { SignedPayment, UtxoVault } from './createUtxoVault'
import { decodeOpReturnMemo } from './decodeOpReturnMemo'

/** One UTXO chain the network serves: THORChain's chain name (`BTC`), its vault and its node. */
export interface NetworkUtxoChain {
  chain: string
  vault: UtxoVault
  rpc: BitcoinRpcClient
  /** The network's fee for paying out on this chain, satoshis (= 1e8 units). */
  outboundFee: bigint
}

/** Where an inbound stands: settled into an outbound (payout or refund) that is queued, signed or sent. */
export interface InboundRecord {
  inbound: ObservedInbound
  chain: string
  height: number
  kind: 'swap' | 'refund'
  reason?: string
  outbound?: Outbound & { status: 'queued' | 'signed' | 'sent'; payment?: SignedPayment }
}

export interface NetworkState {
  pools: Record<string, { assetDepth: string; runeDepth: string }>
  /** Last block height scanned per chain. */
  cursors: Record<string, number>
  inbounds: Record<string, InboundRecord>
}

export interface LiquidityNetwork {
  /** The pools now (1e8 units). */
  pools(): ClpPools
  /** The record of an inbound by its transaction id. */
  getInbound(txId: string): InboundRecord | undefined
  outboundFeeOf(asset: string): bigint
  vaultOf(chain: string): UtxoVault | undefined
  /** Scans new blocks of every chain, settles what arrived and pays what is due; one pass. */
  tick(): Promise<void>
  start(intervalMs: number): void
  stop(): Promise<void>
}

export interface CreateLiquidityNetworkParams {
  chains: readonly NetworkUtxoChain[]
  /** Pools to start with when there is no saved state. */
  initialPools: ClpPools
  /** Where the state is kept (`<dataDir>/liquidity-network.json`); in memory without it. */
  dataDir?: string
  log?: (message: string) => void
}

const assetOf = (chain: string) => `${chain}.${chain}`

/**
 * The devnet's THORChain-style liquidity network over UTXO chains: observers scan every confirmed block for
 * payments to the vault that carry a memo, `settleInbound` decides each (swap through the RUNE pools or
 * refund), and the signer pays the outbound from the destination chain's vault. The state (pools, cursors,
 * every inbound and its outbound with the signed transaction) is written to disk before each step takes
 * effect, so a restart neither loses an inbound nor pays one twice: a signed payment is re-broadcast as the
 * same transaction, never signed anew.
 */
export async function createLiquidityNetwork(
  params: CreateLiquidityNetworkParams,
): Promise<LiquidityNetwork> {
  const { chains } = params
  const log = params.log ?? (() => undefined)
  const file =
    params.dataDir === undefined
      ? undefined
      : createStateFile<NetworkState>(path.join(params.dataDir, 'liquidity-network.json'), 'the network')
  const state: NetworkState = (await file?.read()) ?? {
    pools: Object.fromEntries(
      Object.entries(params.initialPools).map(([asset, pool]) => [
        asset,
        { assetDepth: pool.assetDepth.toString(), runeDepth: pool.runeDepth.toString() },
      ]),
    ),
    cursors: {},
    inbounds: {},
  }
  const byChain = new Map(chains.map((c) => [c.chain, c]))
  const persist = (): Promise<void> => file?.save(state) ?? Promise.resolve()
  const pools = (): ClpPools =>
    Object.fromEntries(
      Object.entries(state.pools).map(([asset, p]): [string, ClpPool] => [
        asset,
        { assetDepth: BigInt(p.assetDepth), runeDepth: BigInt(p.runeDepth) },
      ]),
    )
  const outboundFeeOf = (asset: string) => byChain.get(asset.split('.')[0] ?? '')?.outboundFee ?? 0n
  const isValidAddress = (chain: string, address: string) => {
    const served = byChain.get(chain)
    return served?.vault.spec.lib.Address.isValid(address, served.vault.spec.network) === true
  }

  async function scan(chain: NetworkUtxoChain) {
    const { blocks } = await chain.rpc.getBlockchainInfo()
    const cursor = state.cursors[chain.chain]
    if (cursor === undefined) {
      // a new network starts at the chain's tip: only what is sent to it from now on counts
      state.cursors[chain.chain] = blocks
      await persist()
      return
    }
    const from = cursor + 1
    for (let height = from; height <= blocks; height++) {
      const hash = await chain.rpc.getBlockHash(height)
      const block = await chain.rpc.call<{ tx: BlockTx[] }>('getblock', [hash, 2])
      for (const tx of block.tx) {
        const inbound = await readInbound(chain, tx)
        if (inbound === undefined || state.inbounds[inbound.txId] !== undefined) continue
        const settlement = settleInbound({ pools: pools(), inbound, outboundFeeOf, isValidAddress })
        state.pools = Object.fromEntries(
          Object.entries(settlement.poolsAfter).map(([asset, p]) => [
            asset,
            { assetDepth: p.assetDepth.toString(), runeDepth: p.runeDepth.toString() },
          ]),
        )
        state.inbounds[inbound.txId] = {
          inbound,
          chain: chain.chain,
          height,
          kind: settlement.kind,
          ...(settlement.kind === 'refund' ? { reason: settlement.reason } : {}),
          ...(settlement.outbound === undefined
            ? {}
            : { outbound: { ...settlement.outbound, status: 'queued' } }),
        }
        log(`liquidity network: ${chain.chain} inbound ${inbound.txId} -> ${settlement.kind}`)
      }
      state.cursors[chain.chain] = height
      await persist()
    }
  }

  async function readInbound(chain: NetworkUtxoChain, tx: BlockTx): Promise<ObservedInbound | undefined> {
    let amount = 0n
    let memo: string | undefined
    for (const out of tx.vout) {
      // `address` since Core 22, `addresses` before (Litecoin Core 0.21)
      const address = out.scriptPubKey.address ?? out.scriptPubKey.addresses?.[0]
      if (address === chain.vault.address) amount += toSatoshis(out.value)
      memo ??= decodeOpReturnMemo(out.scriptPubKey.hex)
    }
    const first = tx.vin[0]
    if (amount === 0n || first?.txid === undefined || first.vout === undefined) return undefined
    const funding = await chain.rpc.getRawTransaction(first.txid)
    const from = funding.outputs.find((o) => o.n === first.vout)?.address
    // the vault's own payments send their change back to it: not an inbound
    if (from === undefined || from === chain.vault.address) return undefined
    return { txId: tx.txid, asset: assetOf(chain.chain), amount, from, memo: memo ?? '' }
  }

  async function pay(record: InboundRecord) {
    const outbound = record.outbound
    if (outbound === undefined || outbound.status === 'sent') return
    const chain = byChain.get(outbound.asset.split('.')[0] ?? '')
    if (chain === undefined) return
    if (outbound.status === 'queued') {
      const reserved = new Set(
        Object.values(state.inbounds).flatMap((r) =>
          r.outbound?.status === 'signed' || r.outbound?.status === 'sent'
            ? (r.outbound.payment?.spends ?? [])
            : [],
        ),
      )
      outbound.payment = await chain.vault.signPayment({
        to: outbound.to,
        amount: outbound.amount,
        memo: outbound.memo,
        reserved,
      })
      outbound.status = 'signed'
      await persist()
    }
    const payment = outbound.payment
    if (payment === undefined) return
    try {
      await chain.rpc.sendRawTransaction(payment.hex)
    } catch (error: unknown) {
      // sent before a restart: the node knows it already
      const known = await chain.rpc.getRawTransaction(payment.txid).then(
        () => true,
        () => false,
      )
      if (!known) throw error
    }
    outbound.status = 'sent'
    await persist()
    log(`liquidity network: paid ${outbound.memo} on ${chain.chain} in ${payment.txid}`)
  }

  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> = Promise.resolve()
  let stopped = false
  const network: LiquidityNetwork = {
    pools,
    getInbound: (txId) => state.inbounds[txId],
    outboundFeeOf,
    vaultOf: (chain) => byChain.get(chain)?.vault,
    async tick() {
      const pass = running.then(async () => {
        for (const chain of chains) await scan(chain)
        for (const record of Object.values(state.inbounds)) {
          try {
            await pay(record)
          } catch (error: unknown) {
            // e.g. the vault's free coins are still unconfirmed change: the next pass retries
            log(`liquidity network: ${record.outbound?.memo ?? ''} not paid yet: ${String(error)}`)
          }
        }
      })
      running = pass.catch(() => undefined)
      return pass
    },
    start(intervalMs) {
      const loop = () => {
        if (stopped) return
        network
          .tick()
          .catch((error: unknown) => log(`liquidity network: ${String(error)}`))
          .finally(() => {
            if (!stopped) timer = setTimeout(loop, intervalMs)
          })
      }
      loop()
    },
    async stop() {
      stopped = true
      if (timer !== undefined) clearTimeout(timer)
      await running
      await persist()
    },
  }
  return network
}

interface BlockTx {
  txid: string
  vin: { txid?: string; vout?: number }[]
  vout: { value: number; scriptPubKey: { hex: string; address?: string; addresses?: string[] } }[]
}
