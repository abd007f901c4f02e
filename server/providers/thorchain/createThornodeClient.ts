import { toBase64 } from '@cosmjs/encoding'
import { z } from 'zod'
import { AppError } from '../../errors'

const amount = z.string().regex(/^\d{1,40}$/)

const inboundAddressSchema = z.object({
  chain: z.string(),
  address: z.string(),
  router: z.string().optional(),
  halted: z.boolean(),
  gas_rate: z.string().optional(),
  gas_rate_units: z.string().optional(),
  outbound_fee: amount.optional(),
  dust_threshold: amount.optional(),
})

const quoteSchema = z.object({
  inbound_address: z.string(),
  router: z.string().optional(),
  inbound_confirmation_blocks: z.number().optional(),
  inbound_confirmation_seconds: z.number().optional(),
  outbound_delay_blocks: z.number().optional(),
  outbound_delay_seconds: z.number().optional(),
  expected_amount_out: amount,
  fees: z.object({
    asset: z.string(),
    affiliate: amount,
    outbound: amount,
    liquidity: amount,
    total: amount,
    slippage_bps: z.number(),
    total_bps: z.number(),
  }),
  memo: z.string().optional(),
  recommended_min_amount_in: amount.optional(),
  recommended_gas_rate: z.string().optional(),
  gas_rate_units: z.string().optional(),
  dust_threshold: amount.optional(),
  expiry: z.number(),
  warning: z.string().optional(),
  notes: z.string().optional(),
  total_swap_seconds: z.number().optional(),
})

const coinSchema = z.object({ asset: z.string(), amount })

const txStatusSchema = z.object({
  tx: z.object({
    id: z.string(),
    chain: z.string(),
    from_address: z.string().optional(),
    to_address: z.string().optional(),
    coins: z.array(coinSchema),
    memo: z.string().optional(),
  }),
  stages: z
    .object({
      outbound_signed: z.object({ completed: z.boolean() }).optional(),
      swap_status: z.object({ pending: z.boolean() }).optional(),
    })
    .optional(),
  out_txs: z
    .array(
      z.object({ id: z.string(), chain: z.string(), to_address: z.string(), coins: z.array(coinSchema) }),
    )
    .optional(),
})

const actionTxSchema = z.object({ address: z.string(), coins: z.array(coinSchema), txID: z.string() })

/** Midgard's `/v2/actions` answer, the subset the deposit finder reads. */
const actionsSchema = z.object({
  actions: z.array(
    z.object({
      /** Nanoseconds since the epoch, when the network observed the inbound. */
      date: z.string().regex(/^\d{1,30}$/),
      status: z.string(),
      type: z.string(),
      in: z.array(actionTxSchema),
      out: z.array(actionTxSchema),
      metadata: z
        .object({
          swap: z.object({ memo: z.string() }).partial().optional(),
          refund: z.object({ memo: z.string(), reason: z.string() }).partial().optional(),
        })
        .optional(),
    }),
  ),
})

const poolSchema = z.object({
  asset: z.string(),
  status: z.string(),
  balance_asset: amount,
  balance_rune: amount,
})

const referenceMemoSchema = z.object({
  asset: z.string(),
  memo: z.string(),
  reference: z.string().regex(/^\d{1,19}$/),
  height: z.coerce.number().int(),
  registration_hash: z.string(),
  registered_by: z.string().optional(),
})

const referenceCheckSchema = z.object({
  reference: z.string().regex(/^\d{1,19}$/),
  available: z.boolean(),
  expires_at: z.coerce.number().int(),
  usage_count: z.coerce.number().int(),
  max_use: z.coerce.number().int(),
  can_register: z.boolean().optional(),
  memo: z.string().optional(),
})

const nodeInfoSchema = z.object({ default_node_info: z.object({ network: z.string().min(1) }) })

const accountSchema = z.object({
  account: z.object({
    account_number: z.string().regex(/^\d{1,20}$/),
    sequence: z.string().regex(/^\d{1,20}$/),
  }),
})

const txResponseSchema = z.object({
  tx_response: z.object({
    height: z.coerce.number().int(),
    txhash: z.string(),
    code: z.number().int(),
    raw_log: z.string().optional(),
  }),
})

export type ThornodePool = z.infer<typeof poolSchema>
export type ThornodeInboundAddress = z.infer<typeof inboundAddressSchema>
export type ThornodeSwapQuote = z.infer<typeof quoteSchema>
export type ThornodeTxStatus = z.infer<typeof txStatusSchema>
export type MidgardAction = z.infer<typeof actionsSchema>['actions'][number]
/** A memo registration (`/thorchain/memo/{hash}`): deposits of `asset` carrying `reference` act as `memo`. */
export type ThornodeReferenceMemo = z.infer<typeof referenceMemoSchema>
/** What THORNode says of the reference an amount carries (`/thorchain/memo/check/{asset}/{amount}`). */
export type ThornodeReferenceCheck = z.infer<typeof referenceCheckSchema>
/** A THORChain transaction's result: in the mempool (height 0, after a broadcast) or in a block. */
export interface ThornodeTxResult {
  height: number
  hash: string
  /** 0 on success, else the SDK's error code (`rawLog` says why). */
  code: number
  rawLog: string
}

const toTxResult = (r: z.infer<typeof txResponseSchema>['tx_response']): ThornodeTxResult => ({
  height: r.height,
  hash: r.txhash.toUpperCase(),
  code: r.code,
  rawLog: r.raw_log ?? '',
})

/** THORNode refused the request (its `{ code, message }` answer with a 4xx status). */
export class ThornodeRefusal extends Error {
  override name = 'ThornodeRefusal' as const
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

/** The parameters of THORNode's `/thorchain/quote/swap`, amounts in 1e8 units. */
export interface ThornodeQuoteParams {
  fromAsset: string
  toAsset: string
  amount: bigint
  destination: string
  toleranceBps: number
  affiliate?: string
  affiliateBps?: number
}

export interface ThornodeClient {
  inboundAddresses(signal?: AbortSignal): Promise<ThornodeInboundAddress[]>
  pools(signal?: AbortSignal): Promise<ThornodePool[]>
  quoteSwap(params: ThornodeQuoteParams, signal?: AbortSignal): Promise<ThornodeSwapQuote>
  /** The inbound `hash` (with or without 0x), or undefined while THORNode has not observed it. */
  txStatus(hash: string, signal?: AbortSignal): Promise<ThornodeTxStatus | undefined>
  /** Midgard's newest `limit` actions (swaps and refunds with their in and out transactions), newest first. */
  actions(limit: number, signal?: AbortSignal): Promise<MidgardAction[]>
}

/**
 * What a THORChain signer reads and sends through THORNode (its Cosmos SDK REST paths) and reads back of a memo
 * registration: what memoless deposits need beyond the reads of `ThornodeClient`.
 */
export interface ThorchainTxClient {
  /** THORChain's chain id (the Cosmos SDK's `node_info` network: `thorchain-1`). */
  chainId(): Promise<string>
  /** The account's number and sequence, or undefined when THORChain has no such account. */
  account(address: string): Promise<{ accountNumber: bigint; sequence: bigint } | undefined>
  /** Broadcasts a signed transaction (sync: CheckTx's answer, `code` 0 when it entered the mempool). */
  broadcastTx(txBytes: Uint8Array): Promise<ThornodeTxResult>
  /** A transaction in a block, or undefined while it is not in one. */
  txResult(hash: string): Promise<ThornodeTxResult | undefined>
  /** The memo registration made by transaction `hash`, or undefined when there is none. */
  referenceMemo(hash: string): Promise<ThornodeReferenceMemo | undefined>
  /** The reference `amount` (1e8 units) of `asset` carries and the registration that holds it, if any. */
  referenceCheck(asset: string, amount: bigint): Promise<ThornodeReferenceCheck>
}

/**
 * A client of THORNode's HTTP API (`/thorchain/...`, THORNode's field names and 1e8 units) at `baseUrl`: the
 * devnet's liquidity network or a real THORNode; also of the Cosmos SDK REST paths a THORChain signer uses there
 * (`ThorchainTxClient`: `/cosmos/...`, the memo registrations). Answers are validated; a 4xx answer throws
 * `ThornodeRefusal` with THORNode's message. A THORNode that does not answer within `timeoutMs` (default 1.5 s),
 * cannot be reached, answers 5xx or answers a body of another shape throws `AppError('UPSTREAM_UNAVAILABLE')`
 * (503), and so does every call for `outageHoldMs` after that, at once.
 */
export function createThornodeClient(params: {
  baseUrl: string
  fetch?: typeof fetch
  timeoutMs?: number
  /** After an outage answer, calls fail at once for this long (default 3 s) instead of each waiting again. */
  outageHoldMs?: number
  /** Clock in ms (the outage hold). */
  now?: () => number
}): ThornodeClient & ThorchainTxClient {
  const doFetch = params.fetch ?? fetch
  // an outage must answer 503 within 2 s, not hold a quote behind a node that accepts and never answers
  const timeoutMs = params.timeoutMs ?? 1_500
  // one cross quote asks several times (the receiver check, the quote, a fee receiver): only the first waits
  const outageHoldMs = params.outageHoldMs ?? 3_000
  const now = params.now ?? Date.now
  const base = params.baseUrl.replace(/\/+$/, '')
  let outage: { error: AppError; untilMs: number } | undefined

  async function get<T>(
    path: string,
    schema: z.ZodType<T>,
    signal?: AbortSignal,
    body?: unknown,
  ): Promise<T | undefined> {
    if (outage !== undefined && now() < outage.untilMs) throw outage.error
    try {
      const answer = await getOnce(path, schema, signal, body)
      outage = undefined
      return answer
    } catch (error: unknown) {
      if (error instanceof AppError && error.code === 'UPSTREAM_UNAVAILABLE')
        outage = { error, untilMs: now() + outageHoldMs }
      throw error
    }
  }

  /** GET `path`, or POST `posted` as JSON to it. */
  async function getOnce<T>(
    path: string,
    schema: z.ZodType<T>,
    signal?: AbortSignal,
    posted?: unknown,
  ): Promise<T | undefined> {
    const timeout = AbortSignal.timeout(timeoutMs)
    let res: Response
    let body: unknown
    try {
      res = await doFetch(`${base}${path}`, {
        signal: signal === undefined ? timeout : AbortSignal.any([signal, timeout]),
        ...(posted === undefined
          ? {}
          : {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(posted),
            }),
      })
      body = await res.json().catch((error: unknown) => {
        if (timeout.aborted) throw error
        return undefined
      })
    } catch (error: unknown) {
      // the caller's own abort stays what it is; a timeout or a refused connection is an outage
      if (signal?.aborted) throw error
      throw new AppError('UPSTREAM_UNAVAILABLE', 'The liquidity network (THORNode) does not answer', {
        cause: error,
      })
    }
    if (res.status === 404) return undefined
    if (res.status >= 400 && res.status < 500) {
      const message = z.object({ message: z.string() }).safeParse(body)
      throw new ThornodeRefusal(
        message.success ? message.data.message : `THORNode answered ${res.status}`,
        res.status,
      )
    }
    // a 5xx (often a gateway in front of a THORNode that froze) or a body of another shape is an outage too
    if (!res.ok)
      throw new AppError('UPSTREAM_UNAVAILABLE', 'The liquidity network (THORNode) is unavailable', {
        details: { status: res.status },
      })
    const parsed = schema.safeParse(body)
    if (!parsed.success)
      throw new AppError(
        'UPSTREAM_UNAVAILABLE',
        'The liquidity network (THORNode) answered in an unknown form',
        {
          cause: parsed.error,
        },
      )
    return parsed.data
  }

  return {
    async inboundAddresses(signal) {
      return (await get('/thorchain/inbound_addresses', z.array(inboundAddressSchema), signal)) ?? []
    },
    async pools(signal) {
      return (await get('/thorchain/pools', z.array(poolSchema), signal)) ?? []
    },
    async quoteSwap(q, signal) {
      const query = new URLSearchParams({
        from_asset: q.fromAsset,
        to_asset: q.toAsset,
        amount: q.amount.toString(),
        destination: q.destination,
        tolerance_bps: String(q.toleranceBps),
        ...(q.affiliate === undefined
          ? {}
          : { affiliate: q.affiliate, affiliate_bps: String(q.affiliateBps ?? 0) }),
      })
      const quote = await get(`/thorchain/quote/swap?${query}`, quoteSchema, signal)
      if (quote === undefined) throw new Error('THORNode has no quote endpoint')
      return quote
    },
    txStatus(hash, signal) {
      return get(`/thorchain/tx/status/${hash.replace(/^0x/i, '')}`, txStatusSchema, signal)
    },
    async actions(limit, signal) {
      return (await get(`/v2/actions?limit=${limit}`, actionsSchema, signal))?.actions ?? []
    },
    async chainId() {
      const info = await get('/cosmos/base/tendermint/v1beta1/node_info', nodeInfoSchema)
      if (info === undefined) throw new ThornodeRefusal('THORNode serves no node_info', 404)
      return info.default_node_info.network
    },
    async account(address) {
      const answer = await get(`/cosmos/auth/v1beta1/accounts/${encodeURIComponent(address)}`, accountSchema)
      return answer === undefined
        ? undefined
        : {
            accountNumber: BigInt(answer.account.account_number),
            sequence: BigInt(answer.account.sequence),
          }
    },
    async broadcastTx(txBytes) {
      const answer = await get('/cosmos/tx/v1beta1/txs', txResponseSchema, undefined, {
        tx_bytes: toBase64(txBytes),
        mode: 'BROADCAST_MODE_SYNC',
      })
      if (answer === undefined) throw new ThornodeRefusal('THORNode serves no transaction broadcast', 404)
      return toTxResult(answer.tx_response)
    },
    async txResult(hash) {
      const answer = await get(`/cosmos/tx/v1beta1/txs/${hash.toUpperCase()}`, txResponseSchema)
      return answer === undefined ? undefined : toTxResult(answer.tx_response)
    },
    referenceMemo(hash) {
      return get(`/thorchain/memo/${hash.toUpperCase()}`, referenceMemoSchema)
    },
    async referenceCheck(asset, amount) {
      const answer = await get(`/thorchain/memo/check/${asset}/${amount}`, referenceCheckSchema)
      if (answer === undefined) throw new ThornodeRefusal('THORNode serves no memoless deposits', 404)
      return answer
    },
  }
}
