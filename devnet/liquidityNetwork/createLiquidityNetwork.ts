import path from 'node:path'
import type { ClpPool } from '../../server/thorchain/computeClpSwap'
import type { ClpPools } from '../../server/thorchain/computeSwapOutcome'
import { createStateFile } from '../createStateFile'
import {
  createThorchainGenesis,
  createThorchainLedger,
  type ThorchainLedger,
  type ThorchainLedgerState,
} from '../thorchain/createThorchainLedger'
import type { ThorchainSpec } from '../thorchain/thorchainSpec'
import type { SignedPayment } from './createUtxoVault'
import type { NetworkChainAdapter, NetworkVault } from './networkChainAdapter'
import { type ObservedInbound, type Outbound, settleInbound } from './settleInbound'

/** Where an inbound stands: settled into an outbound (payout or refund) that is queued, signed or sent. */
export interface InboundRecord {
  inbound: ObservedInbound
  chain: string
  height: number
  /** The hash of block `height` when it was read, to tell the inbound is still in the canonical chain. */
  blockHash?: string
  kind: 'swap' | 'refund'
  reason?: string
  /** When the observer first read it, ms (absent in states saved before it was kept). */
  observedAt?: number
  /** What settling it changed in the pools (1e8 units, decimal strings), taken back if its block is rolled back. */
  poolDelta?: Record<string, { assetDepth: string; runeDepth: string }>
  outbound?: Outbound & {
    status: 'queued' | 'signed' | 'sent'
    payment?: SignedPayment
    /** Sent and found `confirmations` deep: no longer re-checked. */
    final?: boolean
  }
}

export interface NetworkState {
  pools: Record<string, { assetDepth: string; runeDepth: string }>
  /** Last block height scanned per chain. */
  cursors: Record<string, number>
  /** The hash of that block, for chains whose adapter tells it (`blockHashAt`). */
  cursorHashes?: Record<string, string>
  /** The hashes of the last scanned blocks per chain (height -> hash): where to resume after a rollback. */
  recentHashes?: Record<string, Record<string, string>>
  inbounds: Record<string, InboundRecord>
  /** THORChain itself (accounts, memo registrations), when the network runs it; one block a pass. */
  thorchain?: ThorchainLedgerState
}

export interface LiquidityNetwork {
  /** The pools now (1e8 units). */
  pools(): ClpPools
  /** The record of an inbound by its transaction id. */
  getInbound(txId: string): InboundRecord | undefined
  /** Every inbound record, newest observed first (what Midgard's action list reads). */
  listInbounds(): InboundRecord[]
  outboundFeeOf(asset: string): bigint
  vaultOf(chain: string): NetworkVault | undefined
  /** THORChain's ledger (memo registrations for deposits without a memo), when the network runs one. */
  readonly thorchain: ThorchainLedger | undefined
  /**
   * Takes a signed THORChain transaction into the mempool (CheckTx) and saves it; it runs in the next pass's
   * block. Resolves to its hash; throws CosmosTxError as CheckTx refuses, or an Error without a THORChain.
   */
  broadcastThorchainTx(txBytes: Uint8Array): Promise<string>
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
  /** The clock, ms (tests step it). */
  now?: () => number
  /**
   * Runs THORChain itself too (`createThorchainLedger`, one block a pass), with `genesis` RUNE balances when the
   * state has none: deposits that come without a memo are resolved through its memo registrations.
   */
  thorchain?: { spec: ThorchainSpec; genesis: readonly { address: string; rune: bigint }[] }
}

/** Scanned blocks whose hashes are kept per chain: the deepest rollback the observer resumes from. */
const RECENT_BLOCKS = 64

/**
 * Where a record's payout goes in a pass: signed ones by their nonce or sequence (`ETH:nonce:7`,
 * `GAIA:seq:3`; UTXO payments have none and keep their order), then the ones still to sign, which take the
 * nonces left free.
 */
function spendOrder(record: InboundRecord): number {
  const payment = record.outbound?.payment
  if (payment === undefined) return Number.POSITIVE_INFINITY
  const match = /:(?:nonce|seq):(\d+)$/.exec(payment.spends[0] ?? '')
  return match?.[1] === undefined ? 0 : Number(match[1])
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
  const now = params.now ?? Date.now
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
  if (params.thorchain !== undefined) state.thorchain ??= createThorchainGenesis(params.thorchain.genesis)
  const thorchainState = state.thorchain
  const ledger =
    params.thorchain === undefined || thorchainState === undefined
      ? undefined
      : createThorchainLedger({
          spec: params.thorchain.spec,
          state: thorchainState,
          // gas assets with a pool (tokens are not served memoless, as THORChain's own guide has it)
          isRegistrable: (asset) =>
            state.pools[asset] !== undefined && byChain.get(asset.split('.')[0] ?? '')?.gasAsset === asset,
        })
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

  /** When each unconfirmed block was first seen with its hash, per chain (memory only: a restart waits again). */
  const firstSeen = new Map<string, Map<number, { hash: string; at: number }>>()
  /** When each payout was first found mined (memory only), for chains with `finalityMs`. */
  const minedSince = new Map<string, number>()

  /**
   * The highest block of `chain` the observer may read: `confirmations` deep and, with `finalityMs`, seen with
   * the same hash for that long.
   */
  async function confirmedHeight(chain: NetworkChainAdapter, tip: number, cursor: number): Promise<number> {
    let deep = tip - (chain.confirmations ?? 1) + 1
    // never above what a crash can no longer take away, where the chain tells
    if (chain.finalHeight !== undefined) deep = Math.min(deep, (await chain.finalHeight()) ?? cursor)
    const finalityMs = chain.finalityMs ?? 0
    if (finalityMs === 0 || chain.blockHashAt === undefined) return deep
    const seen = firstSeen.get(chain.chain) ?? new Map<number, { hash: string; at: number }>()
    firstSeen.set(chain.chain, seen)
    let confirmed = cursor
    let contiguous = true
    for (let height = cursor + 1; height <= deep; height++) {
      const hash = await chain.blockHashAt(height)
      if (hash === undefined) break
      const entry = seen.get(height)
      if (entry === undefined || entry.hash !== hash) seen.set(height, { hash, at: now() })
      // every unconfirmed block keeps its own clock; the observer reads them in order
      contiguous &&= entry !== undefined && entry.hash === hash && now() - entry.at >= finalityMs
      if (contiguous) confirmed = height
    }
    for (const height of seen.keys()) if (height <= confirmed) seen.delete(height)
    return confirmed
  }

  const recentOf = (chain: string) => state.recentHashes?.[chain] ?? {}

  /**
   * The highest scanned block still in the chain, from the hashes kept of the last scans; undefined when none
   * is (another chain altogether).
   */
  async function findCommonHeight(chain: NetworkChainAdapter): Promise<number | undefined> {
    const heights = Object.keys(recentOf(chain.chain))
      .map(Number)
      .sort((a, b) => b - a)
    for (const height of heights)
      if ((await chain.blockHashAt?.(height)) === recentOf(chain.chain)[height]) return height
    return undefined
  }

  /**
   * Takes back what the network read above `height` of `chain` and has not paid yet (its pools change and
   * its record), so the blocks are read again as the chain holds them now; payouts already signed stand.
   */
  async function rollBack(chain: NetworkChainAdapter, height: number) {
    for (const [txId, record] of Object.entries(state.inbounds)) {
      if (record.chain !== chain.chain || record.height <= height) continue
      if (record.outbound !== undefined && record.outbound.status !== 'queued') {
        log(`liquidity network: ${chain.chain} inbound ${txId} was rolled back after its payout was signed`)
        continue
      }
      for (const [asset, delta] of Object.entries(record.poolDelta ?? {})) {
        const pool = state.pools[asset]
        if (pool === undefined) continue
        state.pools[asset] = {
          assetDepth: (BigInt(pool.assetDepth) - BigInt(delta.assetDepth)).toString(),
          runeDepth: (BigInt(pool.runeDepth) - BigInt(delta.runeDepth)).toString(),
        }
      }
      delete state.inbounds[txId]
      log(`liquidity network: ${chain.chain} inbound ${txId} was rolled back before its payout; read again`)
    }
    const recent = Object.fromEntries(
      Object.entries(recentOf(chain.chain)).filter(([h]) => Number(h) <= height),
    )
    state.recentHashes = { ...state.recentHashes, [chain.chain]: recent }
    state.cursors[chain.chain] = height
    const hash = recent[height]
    if (hash !== undefined) state.cursorHashes = { ...state.cursorHashes, [chain.chain]: hash }
    await persist()
  }

  /**
   * The inbound as the network processes it: one that came without a memo takes the memo its amount's reference
   * names (`resolveMemoless`, observed in THORChain block `thorHeight`), or stays without one and is refunded for
   * the reason given.
   */
  function withResolvedMemo(inbound: ObservedInbound, thorHeight: number) {
    if (ledger === undefined || inbound.memo.trim() !== '') return { inbound }
    const resolved = ledger.resolveMemoless({
      asset: inbound.asset,
      amountE8: inbound.amount,
      txId: inbound.txId,
      observedHeight: thorHeight,
    })
    return {
      inbound: { ...inbound, memo: resolved.memo },
      ...(resolved.reason === undefined ? {} : { reason: `memoless: ${resolved.reason}` }),
    }
  }

  async function scan(chain: NetworkChainAdapter, thorHeight: number) {
    const blocks = await chain.tipHeight()
    let cursor = state.cursors[chain.chain]
    const scannedHash = state.cursorHashes?.[chain.chain]
    const moved =
      cursor !== undefined &&
      chain.blockHashAt !== undefined &&
      (cursor > blocks || (scannedHash !== undefined && (await chain.blockHashAt(cursor)) !== scannedHash))
    if (moved) {
      // a rollback (a reorg, a devnet chain restored from its last save) resumes at the last block both share
      const common = await findCommonHeight(chain)
      if (common === undefined) {
        log(`liquidity network: ${chain.chain} is not the chain last scanned; starting at its tip`)
        await markScanned(chain, blocks)
        return
      }
      log(`liquidity network: ${chain.chain} rolled back to block ${common}`)
      await rollBack(chain, common)
      cursor = common
    }
    if (cursor === undefined) {
      // a new network (or a new chain) starts at the chain's tip: only what is sent to it from now on counts
      await markScanned(chain, blocks)
      return
    }
    const confirmed = await confirmedHeight(chain, blocks, cursor)
    for (let height = cursor + 1; height <= confirmed; height++) {
      const blockHash = await chain.blockHashAt?.(height)
      for (const observed of await chain.inboundsAt(height)) {
        if (state.inbounds[observed.txId] !== undefined) continue
        const { inbound, reason: memolessReason } = withResolvedMemo(observed, thorHeight)
        const before = state.pools
        const settlement = settleInbound({ pools: pools(), inbound, outboundFeeOf, isValidAddress })
        state.pools = Object.fromEntries(
          Object.entries(settlement.poolsAfter).map(([asset, p]) => [
            asset,
            { assetDepth: p.assetDepth.toString(), runeDepth: p.runeDepth.toString() },
          ]),
        )
        const poolDelta = Object.fromEntries(
          Object.entries(state.pools).map(([asset, p]) => [
            asset,
            {
              assetDepth: (BigInt(p.assetDepth) - BigInt(before[asset]?.assetDepth ?? '0')).toString(),
              runeDepth: (BigInt(p.runeDepth) - BigInt(before[asset]?.runeDepth ?? '0')).toString(),
            },
          ]),
        )
        state.inbounds[inbound.txId] = {
          inbound,
          chain: chain.chain,
          height,
          ...(blockHash === undefined ? {} : { blockHash }),
          observedAt: now(),
          kind: settlement.kind,
          ...(settlement.kind === 'refund' ? { reason: memolessReason ?? settlement.reason } : {}),
          poolDelta: Object.fromEntries(
            Object.entries(poolDelta).filter(([, d]) => d.assetDepth !== '0' || d.runeDepth !== '0'),
          ),
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
    if (hash !== undefined) {
      state.cursorHashes = { ...state.cursorHashes, [chain.chain]: hash }
      const recent = Object.entries<string>({ ...recentOf(chain.chain), [height]: hash }).filter(
        ([h]) => Number(h) > height - RECENT_BLOCKS,
      )
      state.recentHashes = { ...state.recentHashes, [chain.chain]: Object.fromEntries(recent) }
    }
    await persist()
  }

  /** The inbound is still where the observer read it (checked again before its payout is signed). */
  async function isStillCanonical(record: InboundRecord): Promise<boolean> {
    const chain = byChain.get(record.chain)
    if (chain?.blockHashAt === undefined || record.blockHash === undefined) return true
    return (await chain.blockHashAt(record.height)) === record.blockHash
  }

  /**
   * A payout marked sent is looked up until it is final: sent again (the same signed transaction) when the
   * chain no longer holds it, signed anew when it can never be mined, so it is paid exactly once.
   */
  async function reconcile(chain: NetworkChainAdapter, outbound: NonNullable<InboundRecord['outbound']>) {
    const payment = outbound.payment
    if (payment === undefined || outbound.final === true || chain.locatePayment === undefined) return
    const location = await chain.locatePayment(payment)
    if (location.state === 'mined') {
      const since = minedSince.get(payment.txid) ?? now()
      minedSince.set(payment.txid, since)
      if (location.confirmations < (chain.confirmations ?? 1) || now() - since < (chain.finalityMs ?? 0))
        return
      if (chain.finalHeight !== undefined) {
        const finalHeight = await chain.finalHeight()
        if (finalHeight === undefined || location.height === undefined || location.height > finalHeight)
          return
      }
      outbound.final = true
      minedSince.delete(payment.txid)
      await persist()
      return
    }
    minedSince.delete(payment.txid)
    if (location.state === 'pending') return
    if (location.state === 'missing') {
      await chain.broadcast(payment)
      log(`liquidity network: ${outbound.memo} was not on ${chain.chain}; sent ${payment.txid} again`)
      return
    }
    outbound.status = 'queued'
    delete outbound.payment
    await persist()
    log(`liquidity network: ${outbound.memo} can no longer be mined on ${chain.chain}; signing it again`)
  }

  async function pay(record: InboundRecord) {
    const outbound = record.outbound
    if (outbound === undefined) return
    const chain = byChain.get(outbound.asset.split('.')[0] ?? '')
    if (chain === undefined) return
    if (outbound.status === 'sent') {
      await reconcile(chain, outbound)
      if (outbound.status === 'sent') return
    }
    if (outbound.status === 'queued') {
      // the observer read it confirmed; a rollback since then takes it back before anything is paid
      if (!(await isStillCanonical(record))) return
      // a final payment's nonce is below the chain's count, unless the chain was replaced (a new devnet): then
      // reserving it would leave a gap no payment fills
      const reserved = new Set(
        Object.values(state.inbounds).flatMap((r) =>
          r.outbound?.status === 'signed' || (r.outbound?.status === 'sent' && r.outbound.final !== true)
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
    listInbounds: () =>
      Object.values(state.inbounds).sort(
        (a, b) => (b.observedAt ?? 0) - (a.observedAt ?? 0) || b.height - a.height,
      ),
    outboundFeeOf,
    vaultOf: (chain) => byChain.get(chain)?.vault,
    thorchain: ledger,
    broadcastThorchainTx(txBytes) {
      const accepted = running.then(async () => {
        if (ledger === undefined) throw new Error('this network runs no THORChain ledger')
        const hash = ledger.checkTx(txBytes)
        await persist()
        return hash
      })
      running = accepted.then(
        () => undefined,
        () => undefined,
      )
      return accepted
    },
    async tick() {
      const pass = running.then(async () => {
        // THORChain's block of this pass: what the observers read now is observed in it, and registrations
        // taken since the last pass are committed in it after them (a deposit counts only in a later block)
        const thorHeight = (ledger?.height() ?? 0) + 1
        for (const chain of chains) await scan(chain, thorHeight)
        if (ledger !== undefined) {
          ledger.commitBlock()
          await persist()
        }
        // payouts in the order their chain must mine them (nonces, sequences), so a re-sent one fills its gap
        const records = Object.values(state.inbounds).sort((a, b) => spendOrder(a) - spendOrder(b))
        for (const record of records) {
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
