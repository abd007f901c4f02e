import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { LedgerBlock } from './createUtxoLedger'
import { LedgerRejectError } from './createUtxoLedger'
import type { UtxoNode } from './createUtxoNode'
import { describeUtxoTransaction, toCoins } from './describeUtxoTransaction'
import { encodeBlockHeader } from './encodeBlockHeader'

/** A JSON-RPC error with Bitcoin Core's code (RPC_INVALID_PARAMETER -8, RPC_VERIFY_REJECTED -26, ...). */
class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

const MAX_BODY_BYTES = 4 * 1024 * 1024

type Params = readonly unknown[]

/**
 * Serves the subset of Bitcoin Core's JSON-RPC that chain adapters use, over the devnet ledger of `node`:
 * getblockchaininfo, getblockcount, getbestblockhash, getblockhash, getblock (verbosity 0, 1, 2),
 * getrawtransaction, decoderawtransaction, sendrawtransaction, getrawmempool, estimatesmartfee,
 * scantxoutset (`addr(...)` descriptors) and, as on regtest, generatetoaddress (mined to the faucet). Answers
 * JSON-RPC 1.0 and 2.0, single and batch, with Core's error codes and reject reasons.
 */
export async function serveUtxoRpc(
  node: UtxoNode,
  params: { host: string; port: number },
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    readBody(req)
      .then(async (body) => {
        const parsed: unknown = JSON.parse(body)
        const answer = Array.isArray(parsed)
          ? await Promise.all(parsed.map((call: unknown) => dispatch(node, call)))
          : await dispatch(node, parsed)
        const failed = !Array.isArray(answer) && answer.error !== null && !isJsonRpc2(parsed)
        res.writeHead(failed ? (answer.error?.code === -32601 ? 404 : 500) : 200, {
          'content-type': 'application/json',
        })
        res.end(JSON.stringify(answer))
      })
      .catch(() => {
        res.writeHead(400, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ result: null, error: { code: -32700, message: 'Parse error' }, id: null }))
      })
  })
  // Longer than any client keeps an idle connection (undici: 4 s): the client closes it first, so a request never
  // goes out on a socket the server is closing at that moment (ECONNRESET on a loaded machine)
  server.keepAliveTimeout = 65_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(params.port, params.host, resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${params.host}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function isJsonRpc2(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'jsonrpc' in body && body.jsonrpc === '2.0'
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'))
        req.destroy()
      } else chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

async function dispatch(node: UtxoNode, call: unknown) {
  const id = typeof call === 'object' && call !== null && 'id' in call ? call.id : null
  const method = typeof call === 'object' && call !== null && 'method' in call ? call.method : undefined
  const params: Params =
    typeof call === 'object' && call !== null && 'params' in call && Array.isArray(call.params)
      ? call.params
      : []
  try {
    if (typeof method !== 'string') throw new RpcError(-32600, 'Invalid Request object')
    return { result: await invoke(node, method, params), error: null, id }
  } catch (error: unknown) {
    if (error instanceof RpcError)
      return { result: null, error: { code: error.code, message: error.message }, id }
    if (error instanceof LedgerRejectError) return { result: null, error: rejectError(error.message), id }
    return {
      result: null,
      error: { code: -1, message: error instanceof Error ? error.message : String(error) },
      id,
    }
  }
}

/** Bitcoin Core's codes for a refused transaction: -22 undecodable, -25 missing inputs, -26 rejected. */
function rejectError(reason: string) {
  if (reason.startsWith('TX decode failed')) return { code: -22, message: reason }
  if (reason === 'bad-txns-inputs-missingorspent') return { code: -25, message: reason }
  if (reason === 'txn-already-known') return { code: -27, message: 'Transaction already in block chain' }
  return { code: -26, message: reason }
}

const stringParam = (params: Params, index: number, name: string): string => {
  const value = params[index]
  if (typeof value !== 'string') throw new RpcError(-8, `${name} must be a string`)
  return value
}

const intParam = (params: Params, index: number, fallback: number): number => {
  const value = params[index] ?? fallback
  if (typeof value === 'boolean') return value ? 1 : 0
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw new RpcError(-8, `parameter ${index + 1} must be an integer`)
  return value
}

async function invoke(node: UtxoNode, method: string, params: Params): Promise<unknown> {
  const { ledger, spec } = node
  const tip = () => {
    const block = ledger.getBlock(ledger.getBlockCount())
    if (!block) throw new RpcError(-1, 'no blocks')
    return block
  }
  const blockOf = (hash: string) => {
    const block = ledger.getBlock(hash)
    if (!block) throw new RpcError(-5, 'Block not found')
    return block
  }
  const describeBlock = (block: LedgerBlock, verbosity: number) => {
    const next = ledger.getBlock(block.height + 1)
    const size = 80 + block.txs.reduce((sum, raw) => sum + raw.length / 2, 1)
    return {
      hash: block.hash,
      confirmations: ledger.getBlockCount() - block.height + 1,
      height: block.height,
      version: 0x20000000,
      versionHex: '20000000',
      merkleroot: block.merkleRoot,
      time: block.time,
      mediantime: block.time,
      nonce: 0,
      bits: '207fffff',
      difficulty: 4.656542373906925e-10,
      nTx: block.txs.length,
      ...(block.height > 0 ? { previousblockhash: block.previousHash } : {}),
      ...(next ? { nextblockhash: next.hash } : {}),
      size,
      tx: verbosity >= 2 ? block.txs.map((raw) => describeUtxoTransaction(spec, raw)) : block.txids,
    }
  }

  switch (method) {
    case 'getblockchaininfo': {
      const best = tip()
      return {
        chain: 'regtest',
        blocks: best.height,
        headers: best.height,
        bestblockhash: best.hash,
        difficulty: 4.656542373906925e-10,
        time: best.time,
        mediantime: best.time,
        verificationprogress: 1,
        initialblockdownload: false,
        pruned: false,
        warnings: '',
      }
    }
    case 'getblockcount':
      return ledger.getBlockCount()
    case 'getbestblockhash':
      return tip().hash
    case 'getblockhash': {
      const block = ledger.getBlock(intParam(params, 0, -1))
      if (!block) throw new RpcError(-8, 'Block height out of range')
      return block.hash
    }
    case 'getblock': {
      const block = blockOf(stringParam(params, 0, 'blockhash'))
      const verbosity = intParam(params, 1, 1)
      if (verbosity === 0) return serializeBlock(block)
      return describeBlock(block, verbosity)
    }
    case 'getrawtransaction': {
      const tx = ledger.getTransaction(stringParam(params, 0, 'txid'))
      if (!tx) throw new RpcError(-5, 'No such mempool or blockchain transaction')
      if (intParam(params, 1, 0) === 0) return tx.raw
      const block = tx.blockHash === undefined ? undefined : ledger.getBlock(tx.blockHash)
      return {
        ...describeUtxoTransaction(spec, tx.raw),
        ...(block
          ? {
              blockhash: block.hash,
              confirmations: ledger.getBlockCount() - block.height + 1,
              time: block.time,
              blocktime: block.time,
            }
          : {}),
      }
    }
    case 'decoderawtransaction':
      try {
        return describeUtxoTransaction(spec, stringParam(params, 0, 'hexstring'))
      } catch (error: unknown) {
        if (error instanceof RpcError) throw error
        throw new RpcError(-22, 'TX decode failed')
      }
    case 'sendrawtransaction':
      return node.sendRawTransaction(stringParam(params, 0, 'hexstring'))
    case 'getrawmempool':
      return ledger.getMempool()
    case 'estimatesmartfee':
      // sat/vB -> coins per kvB
      return { feerate: toCoins(spec.feeRateSatPerVbyte * 1000), blocks: Math.max(1, intParam(params, 0, 1)) }
    case 'scantxoutset':
      return scanTxOutSet(node, params)
    case 'generatetoaddress': {
      const hashes: string[] = []
      for (let i = 0; i < intParam(params, 0, 1); i++) hashes.push((await node.mineBlock()).hash)
      return hashes
    }
    default:
      throw new RpcError(-32601, 'Method not found')
  }
}

function scanTxOutSet(node: UtxoNode, params: Params) {
  const { ledger, spec } = node
  if (params[0] !== 'start') throw new RpcError(-8, 'Invalid action; only "start" is served here')
  const descriptors = params[1]
  if (!Array.isArray(descriptors)) throw new RpcError(-8, 'scanobjects must be an array')
  const unspents = descriptors.flatMap((entry: unknown) => {
    const desc =
      typeof entry === 'string'
        ? entry
        : typeof entry === 'object' && entry && 'desc' in entry
          ? entry.desc
          : ''
    const match = typeof desc === 'string' ? /^addr\((.+)\)$/.exec(desc) : null
    const address = match?.[1]
    if (!address || !spec.lib.Address.isValid(address, spec.network))
      throw new RpcError(
        -5,
        `Invalid descriptor ${String(desc)}: only addr(<address>) of this chain is served`,
      )
    const script = spec.lib.Script.fromAddress(address).toHex()
    return ledger
      .listUnspent(script)
      .filter((u) => u.height !== undefined)
      .map((u) => ({
        txid: u.txid,
        vout: u.vout,
        scriptPubKey: u.script,
        desc: `addr(${address})`,
        amount: toCoins(u.satoshis),
        coinbase: ledger.getBlock(u.height ?? 0)?.txids[0] === u.txid,
        height: u.height,
      }))
  })
  const best = ledger.getBlock(ledger.getBlockCount())
  return {
    success: true,
    txouts: unspents.length,
    height: best?.height ?? 0,
    bestblock: best?.hash ?? '',
    unspents,
    total_amount: toCoins(unspents.reduce((sum, u) => sum + Math.round(u.amount * 1e8), 0)),
  }
}

/** A block in the network serialization: the 80-byte header, the transaction count, the transactions. */
function serializeBlock(block: LedgerBlock): string {
  return encodeBlockHeader(block).toString('hex') + varInt(block.txs.length) + block.txs.join('')
}

function varInt(n: number): string {
  if (n < 0xfd) return n.toString(16).padStart(2, '0')
  const b = Buffer.alloc(3)
  b.writeUInt8(0xfd, 0)
  b.writeUInt16LE(n, 1)
  return b.toString('hex')
}
