import type { Transaction } from 'bitcore-lib'
import { encodeBlockHeader } from './encodeBlockHeader'
import { sha256d } from './sha256d'
import type { UtxoChainSpec } from './utxoChainSpecs'

/** An unspent output of the ledger. */
export interface LedgerUtxo {
  readonly txid: string
  readonly vout: number
  /** scriptPubKey, hex. */
  readonly script: string
  readonly satoshis: number
  /** Height of the block that created it; undefined while in the mempool. */
  readonly height: number | undefined
}

/** A mined block: a real 80-byte header (regtest bits, no proof-of-work grinding) and its transactions. */
export interface LedgerBlock {
  readonly hash: string
  readonly height: number
  readonly previousHash: string
  readonly merkleRoot: string
  readonly time: number
  /** Raw transactions, coinbase first. */
  readonly txs: readonly string[]
  readonly txids: readonly string[]
}

/** What the ledger knows of a transaction. */
export interface LedgerTx {
  readonly raw: string
  readonly txid: string
  /** The block that holds it; undefined while in the mempool. */
  readonly blockHash: string | undefined
}

/** Why `sendRawTransaction` refused a transaction, with Bitcoin Core's reject reason. */
export class LedgerRejectError extends Error {
  override name = 'LedgerRejectError' as const
}

/** The persisted form: blocks and mempool as raw transactions, replayed (and re-validated) on load. */
export interface LedgerState {
  readonly blocks: readonly { time: number; txs: readonly string[] }[]
  readonly mempool: readonly string[]
}

export interface UtxoLedger {
  readonly spec: UtxoChainSpec
  /** Validates `raw` (every input by the chain's script interpreter, amounts, no double spend) into the mempool. */
  sendRawTransaction(raw: string): string
  /** Mines the mempool into a block whose coinbase pays the subsidy and fees to `rewardScript`. */
  mine(params: { rewardScript: string; time: number }): LedgerBlock
  getBlockCount(): number
  getBlock(hashOrHeight: string | number): LedgerBlock | undefined
  getTransaction(txid: string): LedgerTx | undefined
  /** Unspent outputs locked by `script` (confirmed and in the mempool, minus those the mempool spends). */
  listUnspent(script: string): LedgerUtxo[]
  getMempool(): readonly string[]
  exportState(): LedgerState
}

const ZERO_HASH = '0'.repeat(64)

/**
 * A UTXO chain's ledger for the devnet, where no real node of that chain can run: it holds blocks, a
 * mempool and the UTXO set, and accepts a transaction only if the chain's own maintained library verifies
 * every input script (segwit with amounts on Bitcoin, FORKID signatures on Bitcoin Cash), spends existing
 * unspent outputs once, and pays out no more than it takes in. Blocks have real headers and merkle roots.
 * `state` replays a persisted ledger, validating it again. Pure apart from hashing: time comes from the caller.
 */
export function createUtxoLedger(spec: UtxoChainSpec, state?: LedgerState): UtxoLedger {
  const { lib } = spec
  const blocks: LedgerBlock[] = []
  const byHash = new Map<string, LedgerBlock>()
  const txs = new Map<string, LedgerTx>()
  /** `${txid}:${vout}` -> output; confirmed and mempool outputs alike. */
  const outputs = new Map<string, LedgerUtxo>()
  /** Outpoints spent by a confirmed or mempool transaction -> the spender. */
  const spent = new Map<string, string>()
  let mempool: string[] = []

  const parse = (raw: string): Transaction => {
    try {
      return new lib.Transaction(raw)
    } catch (error: unknown) {
      throw new LedgerRejectError(
        `TX decode failed (${error instanceof Error ? error.message : String(error)})`,
      )
    }
  }

  function addOutputs(tx: Transaction, height: number | undefined) {
    tx.outputs.forEach((output, vout) => {
      outputs.set(`${tx.hash}:${vout}`, {
        txid: tx.hash,
        vout,
        script: output.script.toHex(),
        satoshis: output.satoshis,
        height,
      })
    })
  }

  function accept(raw: string): string {
    const tx = parse(raw)
    const txid = tx.hash
    if (txs.has(txid)) throw new LedgerRejectError('txn-already-known')
    if (tx.isCoinbase()) throw new LedgerRejectError('coinbase')
    if (tx.inputs.length === 0 || tx.outputs.length === 0)
      throw new LedgerRejectError('bad-txns-vin-or-vout-empty')
    let totalIn = 0
    const seen = new Set<string>()
    tx.inputs.forEach((input, index) => {
      const outpoint = `${input.prevTxId.toString('hex')}:${input.outputIndex}`
      const prevOut = outputs.get(outpoint)
      if (!prevOut || spent.has(outpoint) || seen.has(outpoint))
        throw new LedgerRejectError('bad-txns-inputs-missingorspent')
      seen.add(outpoint)
      const verified = spec.verifyInput(tx, index, prevOut)
      if (!verified.ok)
        throw new LedgerRejectError(`mandatory-script-verify-flag-failed (${verified.reason})`)
      totalIn += prevOut.satoshis
    })
    let totalOut = 0
    for (const output of tx.outputs) {
      if (!Number.isSafeInteger(output.satoshis) || output.satoshis < 0)
        throw new LedgerRejectError('bad-txns-vout-negative')
      totalOut += output.satoshis
    }
    if (totalOut > totalIn) throw new LedgerRejectError('bad-txns-in-belowout')
    for (const outpoint of seen) spent.set(outpoint, txid)
    addOutputs(tx, undefined)
    txs.set(txid, { raw, txid, blockHash: undefined })
    mempool.push(txid)
    return txid
  }

  function feeOf(txid: string): number {
    const entry = txs.get(txid)
    if (!entry) return 0
    const tx = parse(entry.raw)
    const totalIn = tx.inputs.reduce(
      (sum, input) =>
        sum + (outputs.get(`${input.prevTxId.toString('hex')}:${input.outputIndex}`)?.satoshis ?? 0),
      0,
    )
    return totalIn - tx.outputs.reduce((sum, output) => sum + output.satoshis, 0)
  }

  function coinbase(height: number, rewardScript: string, amount: number): Transaction {
    const tx = new lib.Transaction()
    // BIP34: the height opens the coinbase script
    const heightBytes = Buffer.alloc(4)
    heightBytes.writeUInt32LE(height)
    const script = Buffer.concat([Buffer.from([4]), heightBytes, Buffer.from('tributary devnet')])
    tx.uncheckedAddInput(
      new lib.Transaction.Input({
        prevTxId: ZERO_HASH,
        outputIndex: 0xffffffff,
        script,
        sequenceNumber: 0xffffffff,
      }),
    )
    tx.addOutput(new lib.Transaction.Output({ script: rewardScript, satoshis: amount }))
    return tx
  }

  function seal(params: { txids: readonly string[]; raws: readonly string[]; time: number }): LedgerBlock {
    const height = blocks.length
    const previousHash = blocks.at(-1)?.hash ?? ZERO_HASH
    const { txids } = params
    const merkleRoot = computeMerkleRoot(txids)
    const header = encodeBlockHeader({ previousHash, merkleRoot, time: params.time })
    const hash = sha256d(header).reverse().toString('hex')
    const block: LedgerBlock = {
      hash,
      height,
      previousHash,
      merkleRoot,
      time: params.time,
      txs: params.raws,
      txids,
    }
    blocks.push(block)
    byHash.set(hash, block)
    return block
  }

  /** Seals the mempool behind `base` into the next block and confirms what it holds. */
  function commitBlock(base: Transaction, baseRaw: string, time: number): LedgerBlock {
    const height = blocks.length
    const included = mempool
    const raws = included.map((txid) => txs.get(txid)?.raw ?? '')
    const block = seal({ txids: [base.hash, ...included], raws: [baseRaw, ...raws], time })
    addOutputs(base, height)
    txs.set(base.hash, { raw: baseRaw, txid: base.hash, blockHash: block.hash })
    included.forEach((txid, i) => {
      txs.set(txid, { raw: raws[i] ?? '', txid, blockHash: block.hash })
      parse(raws[i] ?? '').outputs.forEach((_, vout) => {
        const key = `${txid}:${vout}`
        const output = outputs.get(key)
        if (output) outputs.set(key, { ...output, height })
      })
    })
    mempool = []
    return block
  }

  function mine({ rewardScript, time }: { rewardScript: string; time: number }): LedgerBlock {
    const fees = mempool.reduce((sum, txid) => sum + feeOf(txid), 0)
    const base = coinbase(blocks.length, rewardScript, spec.blockRewardSats + fees)
    return commitBlock(base, base.serialize(true), time)
  }

  function replay(saved: LedgerState) {
    for (const block of saved.blocks) {
      const [coinbaseRaw, ...rest] = block.txs
      if (coinbaseRaw === undefined) throw new Error('a saved block has no coinbase')
      for (const raw of rest) accept(raw)
      commitBlock(parse(coinbaseRaw), coinbaseRaw, block.time)
    }
    for (const raw of saved.mempool) accept(raw)
  }

  if (state) replay(state)

  return {
    spec,
    sendRawTransaction: accept,
    mine,
    getBlockCount: () => blocks.length - 1,
    getBlock: (id) => (typeof id === 'number' ? blocks[id] : byHash.get(id)),
    getTransaction: (txid) => txs.get(txid),
    listUnspent(script) {
      return [...outputs.entries()]
        .filter(([outpoint, output]) => output.script === script && !spent.has(outpoint))
        .map(([, output]) => output)
    },
    getMempool: () => [...mempool],
    exportState: () => ({
      blocks: blocks.map((b) => ({ time: b.time, txs: b.txs })),
      mempool: mempool.map((txid) => txs.get(txid)?.raw ?? ''),
    }),
  }
}

/** Bitcoin's merkle root over txids (display order, hex), duplicating the last node of odd levels. */
export function computeMerkleRoot(txids: readonly string[]): string {
  let level: Buffer[] = txids.map((id) => Buffer.from(id, 'hex').reverse())
  while (level.length > 1) {
    const next: Buffer[] = []
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] ?? Buffer.alloc(32)
      next.push(sha256d(Buffer.concat([left, level[i + 1] ?? left])))
    }
    level = next
  }
  return level[0]?.reverse().toString('hex') ?? ZERO_HASH
}
