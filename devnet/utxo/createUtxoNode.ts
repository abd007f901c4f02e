import { createHash } from 'node:crypto'
import path from 'node:path'
import type { PrivateKey } from 'bitcore-lib'
import { createStateFile } from '../createStateFile'
import { createUtxoLedger, type LedgerBlock, type LedgerState, type UtxoLedger } from './createUtxoLedger'
import type { UtxoChainSpec } from './utxoChainSpecs'

export interface UtxoNode {
  readonly ledger: UtxoLedger
  readonly spec: UtxoChainSpec
  /** The devnet faucet's address (every coinbase pays it). */
  readonly faucetAddress: string
  /** Validates and accepts a raw transaction, then persists the ledger. */
  sendRawTransaction(raw: string): Promise<string>
  /** Mines one block now (the interval does it too) and persists. */
  mineBlock(): Promise<LedgerBlock>
  /** Pays `satoshis` from the faucet to `address` in a signed transaction (mined with the next block). */
  fund(address: string, satoshis: number): Promise<string>
  /** Mines a block every `blockIntervalMs` until `stop`. */
  start(): void
  stop(): void
}

export interface CreateUtxoNodeParams {
  spec: UtxoChainSpec
  /** Where the ledger is kept (`<dataDir>/utxo-<symbol>.json`); without it the ledger lives in memory. */
  dataDir?: string
  blockIntervalMs: number
  /** Clock in ms (block times). */
  now?: () => number
}

/** Blocks mined to the faucet when a ledger starts empty, so the faucet can pay at once. */
const FIRST_BLOCKS = 101

/**
 * One devnet UTXO chain: a ledger (every input verified by the chain's own script interpreter), a faucet key
 * derived from the chain's symbol, a block every `blockIntervalMs`, and the ledger written to disk after every
 * change (atomically), so a restart resumes from the same blocks and mempool. Loading a ledger re-validates it.
 */
export async function createUtxoNode(params: CreateUtxoNodeParams): Promise<UtxoNode> {
  const { spec, blockIntervalMs } = params
  const now = params.now ?? Date.now
  const file = params.dataDir
    ? createStateFile<LedgerState>(
        path.join(params.dataDir, `utxo-${spec.symbol.toLowerCase()}.json`),
        'this chain',
      )
    : undefined
  const faucetKey: PrivateKey = new spec.lib.PrivateKey(
    createHash('sha256').update(`tributary devnet ${spec.symbol} faucet`).digest('hex'),
    spec.network,
  )
  const faucetAddress = faucetKey.toAddress(spec.network, spec.addressType).toString()
  const faucetScript = spec.lib.Script.fromAddress(faucetAddress).toHex()
  const saved = file ? await file.read() : undefined
  const ledger = createUtxoLedger(spec, saved)
  let timer: ReturnType<typeof setInterval> | undefined

  const persist = (): Promise<void> => (file ? file.save(ledger.exportState()) : Promise.resolve())
  const timeSec = () => Math.floor(now() / 1000)
  const mine = () => ledger.mine({ rewardScript: faucetScript, time: timeSec() })

  if (!saved) {
    for (let i = 0; i < FIRST_BLOCKS; i++) mine()
    await persist()
  }

  const node: UtxoNode = {
    ledger,
    spec,
    faucetAddress,
    async sendRawTransaction(raw) {
      const txid = ledger.sendRawTransaction(raw)
      await persist()
      return txid
    },
    async mineBlock() {
      const block = mine()
      await persist()
      return block
    },
    async fund(address, satoshis) {
      const fee = spec.feeRateSatPerVbyte * 250
      const coins = ledger.listUnspent(faucetScript).sort((a, b) => b.satoshis - a.satoshis)
      const picked = []
      let total = 0
      for (const coin of coins) {
        if (total >= satoshis + fee) break
        picked.push({ txId: coin.txid, outputIndex: coin.vout, script: coin.script, satoshis: coin.satoshis })
        total += coin.satoshis
      }
      if (total < satoshis + fee)
        throw new Error(`the ${spec.symbol} faucet holds ${total} sat, not ${satoshis + fee}`)
      const tx = new spec.lib.Transaction()
        .from(picked)
        .to(address, satoshis)
        .change(faucetAddress)
        .fee(fee)
        .sign(faucetKey)
      return node.sendRawTransaction(tx.serialize(true))
    },
    start() {
      if (timer) return
      timer = setInterval(() => {
        void node.mineBlock()
      }, blockIntervalMs)
      timer.unref?.()
    },
    stop() {
      if (timer) clearInterval(timer)
      timer = undefined
    },
  }
  return node
}
