import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

/** uint256 fits in 78 decimal digits; amounts are stored exactly and read back as bigint. */
const uint256 = (name: string) => numeric(name, { precision: 78, scale: 0, mode: 'bigint' })
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    /**
     * bytes32 hex (0x + 64 lowercase hex). Its first 16 bytes are the company's public id, the first half
     * of the attribution tag that quotes embed (server/trades/buildIntegratorTag.ts).
     */
    integratorId: text('integrator_id').notNull().unique(),
    createdAt: createdAt(),
  },
  // The public id (0x + 32 hex = 34 characters) names one company.
  (t) => [uniqueIndex('companies_public_id_uq').on(sql`substr(${t.integratorId}, 1, 34)`)],
)

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** sha256 of the whole key, lowercase hex. The key itself is never stored. */
    keyHash: text('key_hash').notNull().unique(),
    /** First characters of the key, shown to identify it (`sk_live_` + 8). */
    prefix: text('prefix').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('api_keys_company_idx').on(t.companyId), index('api_keys_prefix_idx').on(t.prefix)],
)

export const errorRegistrations = pgTable(
  'error_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    inputData: text('input_data'),
    value: uint256('value'),
    sender: text('sender'),
    toAddress: text('to_address'),
    chainId: bigint('chain_id', { mode: 'number' }),
    blockNumber: bigint('block_number', { mode: 'number' }),
    transactionHash: text('transaction_hash'),
    requestIp: text('request_ip'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('error_registrations_company_idx').on(t.companyId, t.createdAt),
    index('error_registrations_created_idx').on(t.createdAt),
  ],
)

export const trades = pgTable(
  'trades',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
    blockTimestamp: timestamp('block_timestamp', { withTimezone: true, mode: 'date' }).notNull(),
    sender: text('sender').notNull(),
    receiver: text('receiver').notNull(),
    tokenIn: text('token_in').notNull(),
    tokenOut: text('token_out').notNull(),
    amountIn: uint256('amount_in').notNull(),
    amountOut: uint256('amount_out').notNull(),
    feeAmount: uint256('fee_amount').notNull(),
    integratorId: text('integrator_id').notNull(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    txFrom: text('tx_from').notNull(),
    txTo: text('tx_to'),
    gasUsed: uint256('gas_used').notNull(),
    gasPrice: uint256('gas_price').notNull(),
    /** Receipt status: 1 success, 0 reverted (a reverted transaction emits no Swapped, so normally 1). */
    status: integer('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('trades_chain_tx_log_uq').on(t.chainId, t.txHash, t.logIndex),
    index('trades_company_time_idx').on(t.companyId, t.blockTimestamp),
    index('trades_chain_block_idx').on(t.chainId, t.blockNumber),
    // an address's history (server/store/listAddressHistory.ts) matches either side in any letter case
    index('trades_sender_lower_idx').on(sql`lower(${t.sender})`),
    index('trades_receiver_lower_idx').on(sql`lower(${t.receiver})`),
  ],
)

export const watcherCursors = pgTable('watcher_cursors', {
  chainId: bigint('chain_id', { mode: 'number' }).primaryKey(),
  /** Last block fully indexed. */
  lastBlock: bigint('last_block', { mode: 'number' }).notNull(),
  /** Its hash when indexed; null when the cursor sits before the first block worth scanning. */
  lastBlockHash: text('last_block_hash'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
})

export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    bucketKey: text('bucket_key').notNull(),
    /** Window start, unix milliseconds. */
    windowStartMs: bigint('window_start_ms', { mode: 'number' }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucketKey, t.windowStartMs] })],
)

/** Secrets the server generates once and every process shares (e.g. the integrator tag key). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  /** Lowercase hex of the secret's bytes. */
  value: text('value').notNull(),
  createdAt: createdAt(),
})

/**
 * Gasless orders (server/gasless, docs/gasless.md): the signed order, its state, and the relayer's progress.
 * `status`: pending | processing | completed | cancelled | failed. A processing order is leased to one relayer
 * (`claimedBy` until `leaseUntil`); once `signedTx` is set it is the only transaction ever sent for the order.
 */
export const gaslessOrders = pgTable(
  'gasless_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    owner: text('owner').notNull(),
    receiver: text('receiver').notNull(),
    srcToken: text('src_token').notNull(),
    dstToken: text('dst_token').notNull(),
    amountIn: uint256('amount_in').notNull(),
    fee: uint256('fee').notNull(),
    amountOutMin: uint256('amount_out_min').notNull(),
    /** Unix seconds. */
    deadline: bigint('deadline', { mode: 'number' }).notNull(),
    tradeHash: text('trade_hash').notNull(),
    /** Permit2 unordered nonce. */
    nonce: uint256('nonce').notNull(),
    signature: text('signature').notNull(),
    /** The route (`Aggregator.Step[]`, share as a decimal string). */
    steps: jsonb('steps')
      .$type<
        { kind: number; factoryId: number; tokenIn: string; tokenOut: string; fee: number; share: string }[]
      >()
      .notNull(),
    /** The owner's EIP-2612 permit of srcToken to Permit2, when the order comes with one instead of an approval. */
    tokenPermit: jsonb('token_permit').$type<{ value: string; deadline: string; signature: string }>(),
    status: text('status').notNull().default('pending'),
    failureMsg: text('failure_msg'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    claimedBy: text('claimed_by'),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    relayer: text('relayer'),
    txNonce: bigint('tx_nonce', { mode: 'number' }),
    signedTx: text('signed_tx'),
    txHash: text('tx_hash'),
    /** What the relayer's simulation of its transaction paid the receiver (the execution quote). */
    quotedAmountOut: uint256('quoted_amount_out'),
    amountOut: uint256('amount_out'),
    feeTaken: uint256('fee_taken'),
    /** What the relayer paid for the order's mined transaction (gas used x effective price), in native wei. */
    gasCostWei: uint256('gas_cost_wei'),
    /** `gasCostWei` in srcToken base units at the prices when it was mined, to weigh against `feeTaken`. */
    gasCostInSrc: uint256('gas_cost_in_src'),
    createdAt: createdAt(),
    canceledAt: timestamp('canceled_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    /** Where the order's transaction was mined (receipt seen); rechecked by the relayer until `finalAt`. */
    minedBlockNumber: bigint('mined_block_number', { mode: 'number' }),
    minedBlockHash: text('mined_block_hash'),
    /** When its outcome became final (the mined block deep enough, see gaslessLimits); never rechecked after. */
    finalAt: timestamp('final_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('gasless_orders_owner_nonce_uq').on(t.chainId, t.owner, t.nonce),
    // One transaction per relayer nonce among those the chain may still change (a final one stays in the
    // history: a devnet restarted from its snapshot reuses nonces).
    uniqueIndex('gasless_orders_tx_nonce_uq')
      .on(t.chainId, t.relayer, t.txNonce)
      .where(sql`${t.txNonce} is not null and ${t.finalAt} is null`),
    // the relayers' poll also finds chains with mined orders to recheck, however many are final
    index('gasless_orders_unfinal_idx')
      .on(t.chainId)
      .where(sql`${t.minedBlockHash} is not null and ${t.finalAt} is null`),
    index('gasless_orders_owner_idx').on(t.owner, t.createdAt),
    index('gasless_orders_work_idx').on(t.chainId, t.status, t.nextAttemptAt),
    // the relayers' poll of due orders over all chains reads open orders only, however many have ended
    index('gasless_orders_open_idx')
      .on(t.status, t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'processing')`),
    index('gasless_orders_owner_lower_idx').on(sql`lower(${t.owner})`),
    index('gasless_orders_receiver_lower_idx').on(sql`lower(${t.receiver})`),
  ],
)

/** The next transaction nonce of each relayer account per chain, shared by every relayer process. */
export const gaslessRelayerNonces = pgTable(
  'gasless_relayer_nonces',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    address: text('address').notNull(),
    nextNonce: bigint('next_nonce', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
)

export const schema = {
  companies,
  apiKeys,
  errorRegistrations,
  trades,
  watcherCursors,
  rateLimitBuckets,
  serverSecrets,
  gaslessOrders,
  gaslessRelayerNonces,
}
export type Schema = typeof schema

/**
 * Cross-chain trades, one per origin transaction: discovered by the trade watcher from our entry contracts'
 * events (EVM origins, with the sender and amounts) or first seen by `info/tx` (UTXO and Cosmos origins), then
 * followed through the provider's `track` until DELIVERED or FAILED. `state` is the compatible API's
 * PENDING | INFLIGHT | DELIVERED | FAILED. Origin block number and hash are set for watcher-found rows, so a
 * reorg removes them with the single-chain trades of the same blocks.
 */
export const crossTrades = pgTable(
  'cross_trades',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: text('provider_id').notNull(),
    sourceChainId: bigint('source_chain_id', { mode: 'number' }).notNull(),
    destinationChainId: bigint('destination_chain_id', { mode: 'number' }).notNull(),
    originTxHash: text('origin_tx_hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }),
    blockHash: text('block_hash'),
    blockTimestamp: timestamp('block_timestamp', { withTimezone: true, mode: 'date' }),
    sender: text('sender'),
    receiver: text('receiver'),
    tokenIn: text('token_in'),
    tokenOut: text('token_out'),
    amountIn: uint256('amount_in'),
    /** Integrator fee taken on the origin, in the bridged asset's base units. */
    feeAmount: uint256('fee_amount'),
    txTo: text('tx_to'),
    gasUsed: uint256('gas_used'),
    gasPrice: uint256('gas_price'),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** The attribution tag the send carried (lower-case bytes32; null for rows `info/tx` found first). */
    integratorId: text('integrator_id'),
    state: text('state').notNull(),
    destinationTxHash: text('destination_tx_hash'),
    amountReceived: uint256('amount_received'),
    tokenReceived: text('token_received'),
    receivedDifferentTokens: boolean('received_different_tokens').notNull().default(false),
    /** An intent deposit nobody filled in time, refunded to the sender on the origin. */
    refunded: boolean('refunded').notNull().default(false),
    /** Why a trade in flight waits for someone to act (`COMPOSE_FAILED`: retry its LayerZero compose); null: it does not. */
    subStatus: text('sub_status'),
    /** A network deposit's refund destination: where the refund went, else where it would go. */
    refundAddress: text('refund_address'),
    /** When the network observed a deposit (its `amountIn` is then what was actually paid). */
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /** The deposit amount the server's quote asked (from `deposit_quotes`), to tell under- and over-payment. */
    quotedAmountIn: uint256('quoted_amount_in'),
    /** When that quote expired, to tell a late payment. */
    quoteExpiresAt: timestamp('quote_expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('cross_trades_origin_uq').on(t.sourceChainId, t.originTxHash),
    index('cross_trades_origin_hash_idx').on(t.originTxHash),
    index('cross_trades_open_idx').on(t.state, t.updatedAt),
    index('cross_trades_company_idx').on(t.companyId, t.createdAt),
    index('cross_trades_chain_block_idx').on(t.sourceChainId, t.blockNumber),
    index('cross_trades_integrator_idx').on(t.sourceChainId, t.integratorId),
    index('cross_trades_sender_lower_idx').on(sql`lower(${t.sender})`),
    index('cross_trades_receiver_lower_idx').on(sql`lower(${t.receiver})`),
  ],
)

/**
 * A deposit the server built (`swap/cross` of a network quote paid from a UTXO or Cosmos wallet): the amount and
 * expiry it asked, found again by the memo the payment carries when the network observes it.
 */
export const depositQuotes = pgTable(
  'deposit_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sourceChainId: bigint('source_chain_id', { mode: 'number' }).notNull(),
    memo: text('memo').notNull(),
    vault: text('vault').notNull(),
    amountIn: uint256('amount_in').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    sender: text('sender').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('deposit_quotes_memo_idx').on(t.sourceChainId, t.memo, t.createdAt)],
)

/**
 * Tokens imported by address (`GET info/token/{chainId}/{address}` of an unlisted token that has a pool deep
 * enough, see `adoptToken`): what was read of the contract, so each market follows them again after a restart.
 * `address` is checksummed; at most `MAX_ADOPTED_TOKENS_PER_CHAIN` rows a chain.
 */
export const adoptedTokens = pgTable(
  'adopted_tokens',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    address: text('address').notNull(),
    symbol: text('symbol').notNull(),
    name: text('name').notNull(),
    decimals: integer('decimals').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
)
