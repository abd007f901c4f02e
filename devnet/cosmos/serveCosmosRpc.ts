import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fromBase64, fromHex, toBase64, toHex } from '@cosmjs/encoding'
import { sha256 } from '@noble/hashes/sha2'
import { BaseAccount } from 'cosmjs-types/cosmos/auth/v1beta1/auth'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { answerAbciQuery, encodeBaseAccount } from './answerAbciQuery'
import { CosmosTxError } from './CosmosTxError'
import type { CosmosBlock, CosmosTxResult } from './createCosmosLedger'
import type { CosmosNode } from './createCosmosNode'
import { isCosmosAddress } from './decodeCosmosTx'
import { describeRpcTx, describeTxJson, describeTxResponse, describeTxResult } from './describeCosmosTx'
import { matchesTxQuery, parseTxQuery, TxQueryError } from './parseTxQuery'

/** A JSON-RPC error as CometBFT returns it: a code, a message and the reason in `data`. */
class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: string,
  ) {
    super(message)
  }
}

const invalidParams = (data: string) => new RpcError(-32602, 'Invalid params', data)
const internalError = (data: string) => new RpcError(-32603, 'Internal error', data)

const MAX_BODY_BYTES = 4 * 1024 * 1024
const DEFAULT_PER_PAGE = 30
const MAX_PER_PAGE = 100

type Params = Record<string, unknown>

/** CometBFT's RFC 3339 time with nanoseconds. */
const rfc3339 = (ms: number) => new Date(ms).toISOString().replace(/Z$/, '000000Z')

/** A fixed 20-byte hex id derived from `label` (node id, validator address). */
const fixedId = (label: string) => toHex(sha256(new TextEncoder().encode(label)).slice(0, 20)).toUpperCase()

/**
 * Serves the devnet Cosmos Hub the way a gaia node does on its two ports, here on one: CometBFT's JSON-RPC
 * (POST, single or batch; and the GET `/<method>?arg=` form) for `status`, `health`, `abci_info`,
 * `abci_query` (auth Account, bank Balance/AllBalances, tx Simulate), `broadcast_tx_sync`/`_async`, `tx`,
 * `tx_search` (any event attribute, `tx.height`, `tx.hash`, paged), `block`, `block_results` and
 * `num_unconfirmed_txs`, reporting CometBFT 0.38 so cosmjs's `StargateClient.connect` and
 * `SigningStargateClient.connectWithSigner` work unchanged; and the REST subset under `/cosmos/...` (bank
 * balances, auth accounts, txs by hash, POST txs) with the gRPC gateway's JSON and NotFound answers.
 */
export async function serveCosmosRpc(
  node: CosmosNode,
  params: { host: string; port: number },
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    handle(node, req, res).catch((error: unknown) => {
      send(res, 500, {
        code: 13,
        message: error instanceof Error ? error.message : String(error),
        details: [],
      })
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
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
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

async function handle(node: CosmosNode, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://localhost')
  if (url.pathname.startsWith('/cosmos/')) return handleRest(node, req, res, url)
  if (req.method === 'POST') {
    let parsed: unknown
    try {
      parsed = JSON.parse(await readBody(req))
    } catch {
      return send(res, 200, {
        jsonrpc: '2.0',
        id: -1,
        error: { code: -32700, message: 'Parse error. Invalid JSON', data: '' },
      })
    }
    const answer = Array.isArray(parsed)
      ? await Promise.all(parsed.map((call: unknown) => dispatch(node, call)))
      : await dispatch(node, parsed)
    return send(res, 200, answer)
  }
  // URI form: GET /status, GET /tx_search?query="..."
  const method = url.pathname.slice(1)
  const uriParams: Params = {}
  for (const [key, value] of url.searchParams) {
    uriParams[key] = /^".*"$/.test(value)
      ? value.slice(1, -1)
      : /^0x[0-9a-fA-F]*$/.test(value)
        ? toBase64(fromHex(value.slice(2)))
        : value
  }
  return send(res, 200, await dispatch(node, { jsonrpc: '2.0', id: -1, method, params: uriParams }))
}

async function dispatch(node: CosmosNode, call: unknown) {
  const id = typeof call === 'object' && call !== null && 'id' in call ? call.id : -1
  const method = typeof call === 'object' && call !== null && 'method' in call ? call.method : undefined
  const params: Params =
    typeof call === 'object' &&
    call !== null &&
    'params' in call &&
    typeof call.params === 'object' &&
    call.params
      ? { ...call.params }
      : {}
  try {
    if (typeof method !== 'string') throw new RpcError(-32600, 'Invalid Request', 'method is missing')
    return { jsonrpc: '2.0', id, result: await invoke(node, method, params) }
  } catch (error: unknown) {
    const rpc =
      error instanceof RpcError
        ? error
        : error instanceof TxQueryError
          ? invalidParams(error.message)
          : internalError(error instanceof Error ? error.message : String(error))
    return { jsonrpc: '2.0', id, error: { code: rpc.code, message: rpc.message, data: rpc.data } }
  }
}

const stringParam = (params: Params, name: string): string => {
  const value = params[name]
  if (typeof value !== 'string') throw invalidParams(`${name} must be a string`)
  return value
}

const optionalInt = (params: Params, name: string): number | undefined => {
  const value = params[name]
  if (value === undefined || value === null || value === '') return undefined
  const number = typeof value === 'string' ? Number(value) : value
  if (typeof number !== 'number' || !Number.isInteger(number))
    throw invalidParams(`${name} must be an integer`)
  return number
}

function blockId(block: CosmosBlock | undefined) {
  return block
    ? { hash: block.hash, parts: { total: 1, hash: block.hash } }
    : { hash: '', parts: { total: 0, hash: '' } }
}

function describeBlock(node: CosmosNode, block: CosmosBlock) {
  const previous = node.ledger.getBlock(block.height - 1)
  const proposer = fixedId('tributary devnet gaia validator')
  const dataHash = toHex(
    sha256(new TextEncoder().encode(block.results.map((r) => r.hash).join(''))),
  ).toUpperCase()
  return {
    block_id: blockId(block),
    block: {
      header: {
        version: { block: '11', app: '0' },
        chain_id: node.spec.chainId,
        height: String(block.height),
        time: rfc3339(block.time),
        last_block_id: blockId(previous),
        last_commit_hash: '',
        data_hash: dataHash,
        validators_hash: proposer,
        next_validators_hash: proposer,
        consensus_hash: '',
        app_hash: previous?.appHash ?? '',
        last_results_hash: '',
        evidence_hash: '',
        proposer_address: proposer,
      },
      data: { txs: block.txs.map((tx) => toBase64(tx)) },
      evidence: { evidence: [] },
      last_commit: {
        height: String(Math.max(0, block.height - 1)),
        round: 0,
        block_id: blockId(previous),
        signatures: [],
      },
    },
  }
}

async function invoke(node: CosmosNode, method: string, params: Params): Promise<unknown> {
  const { ledger, spec } = node
  const blockAt = (height: number | undefined) => {
    const block = ledger.getBlock(height ?? ledger.height())
    if (!block)
      throw internalError(
        `height ${height} must be less than or equal to the current blockchain height ${ledger.height()}`,
      )
    return block
  }
  switch (method) {
    case 'health':
      return {}
    case 'status': {
      const latest = blockAt(undefined)
      const earliest = blockAt(1)
      return {
        node_info: {
          protocol_version: { p2p: '8', block: '11', app: '0' },
          id: fixedId('tributary devnet gaia node').toLowerCase(),
          listen_addr: 'tcp://0.0.0.0:26656',
          network: spec.chainId,
          version: spec.cometVersion,
          channels: '40202122233038606100',
          moniker: 'tributary-devnet',
          other: { tx_index: 'on', rpc_address: 'tcp://0.0.0.0:26657' },
        },
        sync_info: {
          latest_block_hash: latest.hash,
          latest_app_hash: latest.appHash,
          latest_block_height: String(latest.height),
          latest_block_time: rfc3339(latest.time),
          earliest_block_hash: earliest.hash,
          earliest_app_hash: earliest.appHash,
          earliest_block_height: String(earliest.height),
          earliest_block_time: rfc3339(earliest.time),
          catching_up: false,
        },
        validator_info: {
          address: fixedId('tributary devnet gaia validator'),
          pub_key: {
            type: 'tendermint/PubKeyEd25519',
            value: toBase64(sha256(new TextEncoder().encode('validator'))),
          },
          voting_power: '10',
        },
      }
    }
    case 'abci_info':
      return {
        response: {
          data: 'GaiaApp',
          version: 'v21.0.0',
          last_block_height: String(ledger.height()),
          last_block_app_hash: toBase64(fromHex(blockAt(undefined).appHash)),
        },
      }
    case 'abci_query': {
      const path = stringParam(params, 'path')
      const data =
        typeof params.data === 'string' ? fromHex(params.data.replace(/^0x/, '')) : new Uint8Array()
      const answer = answerAbciQuery(ledger, path, data)
      return {
        response: {
          code: answer.code,
          log: answer.log,
          info: '',
          index: '0',
          key: null,
          value: answer.value.length > 0 ? toBase64(answer.value) : null,
          proofOps: null,
          height: String(ledger.height()),
          codespace: answer.codespace,
        },
      }
    }
    case 'broadcast_tx_sync':
    case 'broadcast_tx_async': {
      const bytes = fromBase64(stringParam(params, 'tx'))
      const hash = toHex(sha256(bytes)).toUpperCase()
      try {
        const checked = await node.broadcastTx(bytes)
        return {
          code: 0,
          data: '',
          log: '',
          codespace: '',
          hash,
          ...(method === 'broadcast_tx_sync'
            ? { gas_wanted: checked.gasWanted.toString(), gas_used: checked.gasUsed.toString() }
            : {}),
        }
      } catch (error: unknown) {
        if (!(error instanceof CosmosTxError)) throw error
        if (error.code === 19) throw internalError('tx already exists in cache')
        return { code: error.code, data: '', log: error.message, codespace: error.codespace, hash }
      }
    }
    case 'num_unconfirmed_txs':
    case 'unconfirmed_txs': {
      const pending = ledger.getMempool()
      return { n_txs: String(pending.length), total: String(pending.length), total_bytes: '0', txs: [] }
    }
    case 'tx': {
      const hash = toHex(fromBase64(stringParam(params, 'hash'))).toUpperCase()
      const result = ledger.getTx(hash)
      if (!result) throw internalError(`tx (${hash}) not found`)
      return describeRpcTx(result)
    }
    case 'tx_search': {
      const conditions = parseTxQuery(stringParam(params, 'query'))
      const perPage = Math.min(MAX_PER_PAGE, Math.max(1, optionalInt(params, 'per_page') ?? DEFAULT_PER_PAGE))
      const page = optionalInt(params, 'page') ?? 1
      const matched: CosmosTxResult[] = ledger
        .listTxs()
        .filter((result) => matchesTxQuery(result, conditions))
      if (params.order_by === 'desc') matched.reverse()
      const pages = Math.max(1, Math.ceil(matched.length / perPage))
      if (page < 1 || page > pages)
        throw invalidParams(`page should be within [1, ${pages}] range, given ${page}`)
      return {
        txs: matched.slice((page - 1) * perPage, page * perPage).map(describeRpcTx),
        total_count: String(matched.length),
      }
    }
    case 'block':
      return describeBlock(node, blockAt(optionalInt(params, 'height')))
    case 'block_results': {
      const block = blockAt(optionalInt(params, 'height'))
      return {
        height: String(block.height),
        txs_results: block.results.length > 0 ? block.results.map(describeTxResult) : null,
        finalize_block_events: [],
        validator_updates: null,
        consensus_param_updates: null,
        app_hash: block.appHash,
      }
    }
    default:
      throw new RpcError(-32601, 'Method not found', '')
  }
}

/** The gRPC gateway's error body (`code` is the gRPC status: 3 InvalidArgument, 5 NotFound). */
const grpcError = (code: number, message: string) => ({ code, message, details: [] })

async function handleRest(node: CosmosNode, req: IncomingMessage, res: ServerResponse, url: URL) {
  const { ledger, spec } = node
  const parts = url.pathname.split('/').filter(Boolean)
  const route = parts.slice(0, 4).join('/')
  const arg = parts[4] ?? ''
  const checkAddress = (address: string) => {
    if (isCosmosAddress(address, spec.bech32Prefix)) return true
    send(res, 400, grpcError(3, `invalid address ${address}: invalid request`))
    return false
  }
  if (req.method === 'GET' && route === 'cosmos/bank/v1beta1/balances' && parts.length === 5) {
    if (!checkAddress(arg)) return
    const balances = ledger.getAllBalances(arg).map((c) => ({ denom: c.denom, amount: c.amount.toString() }))
    return send(res, 200, { balances, pagination: { next_key: null, total: String(balances.length) } })
  }
  if (req.method === 'GET' && route === 'cosmos/bank/v1beta1/balances' && parts[5] === 'by_denom') {
    if (!checkAddress(arg)) return
    const denom = url.searchParams.get('denom') ?? ''
    return send(res, 200, { balance: { denom, amount: ledger.getBalance(arg, denom).toString() } })
  }
  if (req.method === 'GET' && route === 'cosmos/auth/v1beta1/accounts' && parts.length === 5) {
    if (!checkAddress(arg)) return
    const account = ledger.getAccount(arg)
    if (!account) return send(res, 404, grpcError(5, `account ${arg} not found: key not found`))
    const decoded = BaseAccount.decode(encodeBaseAccount(account).value)
    return send(res, 200, {
      account: {
        '@type': '/cosmos.auth.v1beta1.BaseAccount',
        address: decoded.address,
        pub_key: decoded.pubKey
          ? { '@type': decoded.pubKey.typeUrl, key: toBase64(PubKey.decode(decoded.pubKey.value).key) }
          : null,
        account_number: decoded.accountNumber.toString(),
        sequence: decoded.sequence.toString(),
      },
    })
  }
  if (req.method === 'GET' && route === 'cosmos/tx/v1beta1/txs' && parts.length === 5) {
    const result = ledger.getTx(arg)
    if (!result) return send(res, 404, grpcError(5, `tx not found: ${arg.toUpperCase()}`))
    return send(res, 200, {
      tx: describeTxJson(result.tx),
      tx_response: describeTxResponse(result, ledger.getBlock(result.height)),
    })
  }
  if (req.method === 'POST' && route === 'cosmos/tx/v1beta1/txs' && parts.length === 4) {
    let bytes: Uint8Array
    try {
      const body: unknown = JSON.parse(await readBody(req))
      const txBytes =
        typeof body === 'object' && body !== null && 'tx_bytes' in body ? body.tx_bytes : undefined
      if (typeof txBytes !== 'string') throw new Error('tx_bytes is required')
      bytes = fromBase64(txBytes)
    } catch (error: unknown) {
      return send(res, 400, grpcError(3, error instanceof Error ? error.message : String(error)))
    }
    const txhash = toHex(sha256(bytes)).toUpperCase()
    const response = {
      height: '0',
      txhash,
      codespace: '',
      code: 0,
      data: '',
      raw_log: '',
      logs: [],
      info: '',
      gas_wanted: '0',
      gas_used: '0',
      tx: null,
      timestamp: '',
      events: [],
    }
    try {
      const checked = await node.broadcastTx(bytes)
      return send(res, 200, {
        tx_response: {
          ...response,
          gas_wanted: checked.gasWanted.toString(),
          gas_used: checked.gasUsed.toString(),
        },
      })
    } catch (error: unknown) {
      if (!(error instanceof CosmosTxError)) throw error
      return send(res, 200, {
        tx_response: { ...response, code: error.code, codespace: error.codespace, raw_log: error.message },
      })
    }
  }
  return send(res, 501, grpcError(12, `Not Implemented: ${req.method} ${url.pathname}`))
}
