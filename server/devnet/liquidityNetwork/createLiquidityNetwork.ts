import path from 'node:path'
import type { ClpPool } from '../../thorchain/computeClpSwap'
import type { ClpPools } from '../../thorchain/computeSwapOutcome'
import { type ObservedInbound, type Outbound, settleInbound } from '../../thorchain/settleInbound'
import { createStateFile } from '../createStateFile'
import type { SignedPayment } from './createUtxoVault'
import type { NetworkChainAdapter, NetworkVault } from './networkChainAdapter'

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
  /** The hash of that block, for chains whose adapter tells it (`blockHashAt`). */
  cursorHashes?: Record<string, string>
  inbounds: Record<string, InboundRecord>
}

export interface LiquidityNetwork {
  /** The pools now (1e8 units). */
  pools(): ClpPools
  /** The record of an inbound by its transaction id. */
  getInbound(txId: string): InboundRecord | undefined
  outboundFeeOf(asset: string): bigint
  vaultOf(chain: string): NetworkVault | undefined
  /** Scans new blocks of every chain, settles what arrived and pays what is due; one pass. */
  tick(): Promise<void>
  start(intervalMs: number): void
  stop(): Promise<void>
}

export interface CreateLiquidityNetworkParams {
  /** One adapter per chain served (`createUtxoChainAdapter`, `createEvmChainAdapter`). */
  chains: readonly NetworkChainAdapter[]
  /** Pools to start with when there is no saved state. */
  initialPools: ClpPools
  /** Where the state is kept (`<dataDir>/liquidity-network.json`); in memory without it. */
  dataDir?: string
  log?: (message: string) => void
}

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
  const isValidAddress = (chain: string, address: string) =>
    byChain.get(chain)?.isValidAddress(address) === true

  async function scan(chain: NetworkChainAdapter) {
    const blocks = await chain.tipHeight()
    const cursor = state.cursors[chain.chain]
    const scannedHash = state.cursorHashes?.[chain.chain]
    const replaced =
      cursor !== undefined &&
      chain.blockHashAt !== undefined &&
      (cursor > blocks || (scannedHash !== undefined && (await chain.blockHashAt(cursor)) !== scannedHash))
    if (replaced) log(`liquidity network: ${chain.chain} is not the chain last scanned; starting at its tip`)
    if (cursor === undefined || replaced) {
      // a new network (or a new chain) starts at the chain's tip: only what is sent to it from now on counts
      await markScanned(chain, blocks)
      return
    }
    const from = cursor + 1
    for (let height = from; height <= blocks; height++) {
      for (const inbound of await chain.inboundsAt(height)) {
        if (state.inbounds[inbound.txId] !== undefined) continue
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
      await markScanned(chain, height)
    }
  }

  async function markScanned(chain: NetworkChainAdapter, height: number) {
    state.cursors[chain.chain] = height
    const hash = await chain.blockHashAt?.(height)
    if (hash !== undefined) state.cursorHashes = { ...state.cursorHashes, [chain.chain]: hash }
    await persist()
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
      outbound.payment = await chain.signPayment({
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
    await chain.broadcast(payment)
    outbound.status = 'sent'
    await persist()
    log(`liquidity network: paid ${outbound.memo} on ${chain.chain} in ${payment.txid}`)
  }

  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> = Promise.resolve()
  let stopped = false
  const network: LiquidityNetwork = {
    pools,
    getInbound: (txId) => state.inbounds[txId.replace(/^0x/i, '').toLowerCase()],
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
