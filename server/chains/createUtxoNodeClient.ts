import { AppError } from '../errors'
import { nodeFetch } from '../http/nodeFetch'

/** An output of a UTXO transaction: its value in satoshis, its script, and the address it pays when it has one. */
export interface UtxoNodeOutput {
  n: number
  satoshis: bigint
  /** scriptPubKey, hex. */
  script: string
  address?: string
}

/** A transaction as the node describes it (`getrawtransaction <txid> 2`), amounts in satoshis. */
export interface UtxoNodeTx {
  txid: string
  /** 0 while in the mempool. */
  confirmations: number
  /** `address`: what the input spends from, where the node says (Bitcoin Core 25+ `prevout`). */
  inputs: { txid?: string; vout?: number; address?: string }[]
  outputs: UtxoNodeOutput[]
}

/** The reads of a UTXO chain's node that the mempool watcher makes. */
export interface UtxoNodeClient {
  /** The txids in the node's mempool (`getrawmempool`). */
  getRawMempool(): Promise<string[]>
  /** The transaction `txid` in the mempool or (with `-txindex`, or on the devnet's nodes) in a block; undefined when the node does not know it. */
  getRawTransaction(txid: string): Promise<UtxoNodeTx | undefined>
}

interface RawTx {
  txid: string
  confirmations?: number
  vin: { txid?: string; vout?: number; prevout?: { scriptPubKey: ScriptPubKey } }[]
  vout: {
    n: number
    value: number
    scriptPubKey: ScriptPubKey
  }[]
}

/** `address` since Core 22; `addresses` before (Litecoin Core 0.21, Dogecoin Core). */
interface ScriptPubKey {
  hex: string
  address?: string
  addresses?: string[]
}

const addressOf = (script: ScriptPubKey) => script.address ?? script.addresses?.[0]

/** Bitcoin Core's RPC_INVALID_ADDRESS_OR_KEY: "No such mempool or blockchain transaction". */
const NOT_FOUND = -5

/**
 * A client of the two reads of Bitcoin Core's JSON-RPC (and its forks': Litecoin, Bitcoin Cash, Dogecoin, the
 * devnet's nodes) that the mempool watcher needs, with HTTP basic auth when `username` is given and a timeout per
 * call. A transaction the node does not know reads undefined; any other failure (node down, an RPC error, an
 * answer that is not JSON) throws `AppError('UPSTREAM_UNAVAILABLE')` with the cause.
 */
export function createUtxoNodeClient(params: {
  url: string
  username?: string
  password?: string
  timeoutMs?: number
}): UtxoNodeClient {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (params.username !== undefined)
    headers.authorization = `Basic ${Buffer.from(`${params.username}:${params.password ?? ''}`).toString('base64')}`
  let nextId = 1

  /** The call's result, or `{ code }` of the node's RPC error. */
  async function call<T>(
    method: string,
    callParams: readonly unknown[],
  ): Promise<{ result: T } | { code: number }> {
    try {
      const res = await nodeFetch(params.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ jsonrpc: '1.0', id: nextId++, method, params: callParams }),
        signal: AbortSignal.timeout(params.timeoutMs ?? 10_000),
      })
      // Core answers an RPC error with HTTP 404 or 500 and the error in the body
      const body = (await res.json()) as { result?: T; error?: { code: number; message: string } | null }
      if (body.error) return { code: body.error.code }
      return { result: body.result as T }
    } catch (error: unknown) {
      throw new AppError('UPSTREAM_UNAVAILABLE', `UTXO node: ${method} failed`, { cause: error })
    }
  }

  const unwrap = <T>(method: string, answer: { result: T } | { code: number }): T => {
    if ('result' in answer) return answer.result
    throw new AppError('UPSTREAM_UNAVAILABLE', `UTXO node: ${method} answered RPC error ${answer.code}`)
  }

  return {
    getRawMempool: async () => unwrap('getrawmempool', await call<string[]>('getrawmempool', [])),
    async getRawTransaction(txid) {
      // verbosity 2 adds each input's `prevout` on Bitcoin Core 25+ (no -txindex needed for a mempool
      // transaction's inputs); older nodes and forks read any non-zero number as verbose and leave it out
      const answer = await call<RawTx>('getrawtransaction', [txid, 2])
      if ('code' in answer && answer.code === NOT_FOUND) return undefined
      const tx = unwrap('getrawtransaction', answer)
      return {
        txid: tx.txid,
        confirmations: tx.confirmations ?? 0,
        inputs: tx.vin.map(({ txid: id, vout, prevout }) => {
          const address = prevout === undefined ? undefined : addressOf(prevout.scriptPubKey)
          return {
            ...(id === undefined ? {} : { txid: id }),
            ...(vout === undefined ? {} : { vout }),
            ...(address === undefined ? {} : { address }),
          }
        }),
        outputs: tx.vout.map((o) => {
          const address = addressOf(o.scriptPubKey)
          return {
            n: o.n,
            // Core writes whole coins with 8 decimals: exact in a double up to 90 million coins
            satoshis: BigInt(Math.round(o.value * 1e8)),
            script: o.scriptPubKey.hex,
            ...(address === undefined ? {} : { address }),
          }
        }),
      }
    },
  }
}
