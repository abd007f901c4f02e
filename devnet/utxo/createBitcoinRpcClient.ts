/** A Bitcoin Core JSON-RPC error (`code` as Core numbers them: -5 not found, -25 missing inputs, -26 rejected). */
export class BitcoinRpcError extends Error {
  override name = 'BitcoinRpcError' as const
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/** An unspent output found by `scantxoutset`, amount in satoshis. */
export interface BitcoinUnspent {
  readonly txid: string
  readonly vout: number
  /** scriptPubKey, hex. */
  readonly script: string
  readonly satoshis: bigint
  readonly height: number
}

/** A decoded transaction (`getrawtransaction` verbose), amounts in satoshis. */
export interface BitcoinTx {
  readonly txid: string
  readonly hex: string
  readonly confirmations: number
  readonly blockhash: string | undefined
  readonly outputs: readonly { n: number; satoshis: bigint; script: string; type: string; address?: string }[]
  readonly inputs: readonly { txid?: string; vout?: number; coinbase?: string }[]
}

export interface BitcoinRpcClient {
  /** Any method, for what the typed helpers do not cover. */
  call<T>(method: string, params?: readonly unknown[]): Promise<T>
  getBlockchainInfo(): Promise<{ chain: string; blocks: number; bestblockhash: string }>
  getBlockHash(height: number): Promise<string>
  getRawTransaction(txid: string): Promise<BitcoinTx>
  sendRawTransaction(hex: string): Promise<string>
  /** Fee rate in satoshis per virtual byte for confirmation within `blocks`, if the node can tell. */
  estimateFeeRate(blocks: number): Promise<number | undefined>
  /** The confirmed unspent outputs of `address` (`scantxoutset start ["addr(...)"]`). */
  listUnspent(address: string): Promise<BitcoinUnspent[]>
}

/** Whole coins as Core writes them (8 decimals) to satoshis, exactly. */
export function toSatoshis(coins: number): bigint {
  return BigInt(Math.round(coins * 1e8))
}

interface RawTx {
  txid: string
  hex: string
  confirmations?: number
  blockhash?: string
  vin: { txid?: string; vout?: number; coinbase?: string }[]
  vout: {
    n: number
    value: number
    /** `address` since Core 22; `addresses` before (Litecoin Core 0.21, Dogecoin Core). */
    scriptPubKey: { hex: string; type: string; address?: string; addresses?: string[] }
  }[]
}

/**
 * A client of Bitcoin Core's JSON-RPC (and of the forks that keep it: Litecoin, Bitcoin Cash, Dogecoin, and
 * the devnet's UTXO nodes), with HTTP basic auth when given. Each call has a timeout; an RPC error becomes a
 * `BitcoinRpcError` with Core's code, a transport failure the underlying error.
 */
export function createBitcoinRpcClient(params: {
  url: string
  username?: string
  password?: string
  timeoutMs?: number
}): BitcoinRpcClient {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (params.username !== undefined)
    headers.authorization = `Basic ${Buffer.from(`${params.username}:${params.password ?? ''}`).toString('base64')}`
  let nextId = 1

  const post = (method: string, callParams: readonly unknown[]) =>
    fetch(params.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '1.0', id: nextId++, method, params: callParams }),
      signal: AbortSignal.timeout(params.timeoutMs ?? 10_000),
    })

  async function call<T>(method: string, callParams: readonly unknown[] = []): Promise<T> {
    let res: Response
    try {
      res = await post(method, callParams)
    } catch (error: unknown) {
      // A kept-alive connection the node closed just as it was reused resets; a read is sent again once on a
      // fresh one (a broadcast is not: it may have arrived, and the caller decides).
      if (method === 'sendrawtransaction' || !isConnectionReset(error)) throw error
      res = await post(method, callParams)
    }
    const text = await res.text()
    let body: { result?: unknown; error?: { code: number; message: string } | null }
    try {
      body = JSON.parse(text) as typeof body
    } catch {
      throw new BitcoinRpcError(-32700, `${method}: HTTP ${res.status} ${text.slice(0, 200)}`)
    }
    if (body.error) throw new BitcoinRpcError(body.error.code, body.error.message)
    return body.result as T
  }

  return {
    call,
    getBlockchainInfo: () => call('getblockchaininfo'),
    getBlockHash: (height) => call('getblockhash', [height]),
    async getRawTransaction(txid) {
      const tx = await call<RawTx>('getrawtransaction', [txid, true])
      const addressOf = (o: RawTx['vout'][number]) => o.scriptPubKey.address ?? o.scriptPubKey.addresses?.[0]
      return {
        txid: tx.txid,
        hex: tx.hex,
        confirmations: tx.confirmations ?? 0,
        blockhash: tx.blockhash,
        inputs: tx.vin.map(({ txid: id, vout, coinbase }) => ({ txid: id, vout, coinbase })),
        outputs: tx.vout.map((o) => ({
          n: o.n,
          satoshis: toSatoshis(o.value),
          script: o.scriptPubKey.hex,
          type: o.scriptPubKey.type,
          ...(addressOf(o) ? { address: addressOf(o) } : {}),
        })),
      }
    },
    sendRawTransaction: (hex) => call('sendrawtransaction', [hex]),
    async estimateFeeRate(blocks) {
      const answer = await call<{ feerate?: number }>('estimatesmartfee', [blocks])
      // coins per kvB -> sat/vB
      return answer.feerate === undefined ? undefined : Number(toSatoshis(answer.feerate)) / 1000
    },
    async listUnspent(address) {
      const scan = await call<{
        unspents: { txid: string; vout: number; scriptPubKey: string; amount: number; height: number }[]
      }>('scantxoutset', ['start', [`addr(${address})`]])
      return scan.unspents.map((u) => ({
        txid: u.txid,
        vout: u.vout,
        script: u.scriptPubKey,
        satoshis: toSatoshis(u.amount),
        height: u.height,
      }))
    },
  }
}

/** True for a request that failed because the connection was reset or closed under it. */
function isConnectionReset(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined
  return cause?.code === 'ECONNRESET' || cause?.code === 'UND_ERR_SOCKET' || cause?.code === 'EPIPE'
}
