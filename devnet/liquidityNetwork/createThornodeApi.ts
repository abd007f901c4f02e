import { fromBase64, toHex } from '@cosmjs/encoding'
import { sha256 } from '@noble/hashes/sha2'
import { Hono } from 'hono'
import { z } from 'zod'
import { quoteSwap } from '../../server/thorchain/quoteSwap'
import { formatThorAsset, parseThorAsset } from '../../server/thorchain/thorAsset'
import { CosmosTxError } from '../cosmos/CosmosTxError'
import type { ReferenceMemoRecord, ThorchainTxResult } from '../thorchain/createThorchainLedger'
import type { LiquidityNetwork } from './createLiquidityNetwork'

/** How long a quote stays valid, seconds (THORNode answers 15 minutes). */
const QUOTE_VALID_SECONDS = 900
/** Blocks a UTXO inbound waits for, and the devnet's block time per chain in seconds. */
const CONFIRMATIONS = 1

const quoteQuery = z.object({
  from_asset: z.string().min(1),
  to_asset: z.string().min(1),
  amount: z.string().regex(/^\d{1,30}$/, 'amount must be an integer of 1e8 units'),
  destination: z.string().max(128).optional(),
  tolerance_bps: z.coerce.number().int().min(0).max(10_000).optional(),
  affiliate: z.string().max(64).optional(),
  affiliate_bps: z.coerce.number().int().min(0).max(1_000).optional(),
})

const broadcastBody = z.object({
  tx_bytes: z.base64(),
  mode: z.enum(['BROADCAST_MODE_SYNC', 'BROADCAST_MODE_ASYNC']),
})

/** THORNode's answer of a memo registration (`/thorchain/memo/...`). */
const referenceAnswer = (record: ReferenceMemoRecord) => ({
  asset: record.asset,
  memo: record.memo,
  reference: record.reference,
  height: String(record.height),
  registration_hash: record.registrationHash,
  registered_by: record.registeredBy,
  used_by_txs: record.usedByTxs,
})

/** The Cosmos SDK's `TxResponse` of a transaction (height 0 and no log while it is only in the mempool). */
const txResponse = (result: Pick<ThorchainTxResult, 'hash' | 'code' | 'log'> & { height: number }) => ({
  height: String(result.height),
  txhash: result.hash,
  codespace: result.code === 0 ? '' : 'sdk',
  code: result.code,
  data: '',
  raw_log: result.log,
  logs: [],
  info: '',
  gas_wanted: '0',
  gas_used: '0',
  tx: null,
  timestamp: '',
  events: [],
})

/**
 * The subset of THORNode's HTTP API a provider uses, over the devnet's liquidity network, with THORNode's
 * field names and 1e8 units: `/thorchain/inbound_addresses`, `/thorchain/pools`, `/thorchain/quote/swap` and
 * `/thorchain/tx/status/{hash}`, and Midgard's `/v2/actions` (newest first, `limit` at most 50); with the
 * network's THORChain ledger also memo registrations (`/thorchain/memo/{hash}`, `/thorchain/memo/{asset}/{reference}`,
 * `/thorchain/memo/check/{asset}/{amount}`) and the Cosmos SDK's REST paths a signer uses
 * (`/cosmos/base/tendermint/v1beta1/node_info`, `/cosmos/auth/v1beta1/accounts/{address}`,
 * `/cosmos/bank/v1beta1/balances/{address}`, `POST /cosmos/tx/v1beta1/txs`, `/cosmos/tx/v1beta1/txs/{hash}`).
 * Errors answer 400 (404 for what is not found) with THORNode's `{ code, message, details }` shape. The same
 * provider code reads a real THORNode in network mode.
 */
export function createThornodeApi(params: {
  network: LiquidityNetwork
  /** The chains served with their devnet block time, seconds. */
  chains: readonly { chain: string; blockSeconds: number }[]
  now?: () => number
}) {
  const { network, chains } = params
  const now = params.now ?? (() => Math.floor(Date.now() / 1000))
  const badRequest = (message: string) => ({ code: 3, message, details: [] as unknown[] })
  const blockSecondsOf = (chain: string) => chains.find((c) => c.chain === chain)?.blockSeconds ?? 600
  const notFound = (message: string) => ({ code: 5, message, details: [] as unknown[] })
  const ledger = network.thorchain

  return new Hono()
    .get('/thorchain/inbound_addresses', (c) =>
      c.json(
        chains.flatMap(({ chain }) => {
          const vault = network.vaultOf(chain)
          if (vault === undefined) return []
          return [
            {
              chain,
              address: vault.address,
              ...(vault.router === undefined ? {} : { router: vault.router }),
              halted: false,
              global_trading_paused: false,
              chain_trading_paused: false,
              chain_lp_actions_paused: false,
              gas_rate: vault.gasRate,
              gas_rate_units: vault.gasRateUnits,
              outbound_fee: network.outboundFeeOf(`${chain}.`).toString(),
              dust_threshold: '10000',
            },
          ]
        }),
      ),
    )
    .get('/thorchain/pools', (c) =>
      c.json(
        Object.entries(network.pools()).map(([asset, pool]) => ({
          asset,
          status: 'Available',
          balance_asset: pool.assetDepth.toString(),
          balance_rune: pool.runeDepth.toString(),
        })),
      ),
    )
    .get('/thorchain/quote/swap', (c) => {
      const parsed = quoteQuery.safeParse(c.req.query())
      if (!parsed.success) return c.json(badRequest(parsed.error.issues[0]?.message ?? 'bad request'), 400)
      const q = parsed.data
      const from = parseThorAsset(q.from_asset)
      const to = parseThorAsset(q.to_asset)
      if (from === undefined || to === undefined) return c.json(badRequest('invalid asset'), 400)
      const [fromName, toName] = [formatThorAsset(from), formatThorAsset(to)]
      const pools = network.pools()
      for (const name of [fromName, toName])
        if (pools[name] === undefined) return c.json(badRequest(`pool ${name} does not exist`), 400)
      if (fromName === toName) return c.json(badRequest('from and to assets are the same'), 400)
      const vault = network.vaultOf(from.chain)
      if (vault === undefined) return c.json(badRequest(`no inbound address for ${from.chain}`), 400)
      const core = quoteSwap({
        pools,
        from: fromName,
        to: toName,
        amount: BigInt(q.amount),
        ...(q.destination === undefined ? {} : { destination: q.destination }),
        ...(q.tolerance_bps === undefined ? {} : { toleranceBps: q.tolerance_bps }),
        ...(q.affiliate === undefined ? {} : { affiliate: q.affiliate, affiliateBps: q.affiliate_bps ?? 0 }),
        outboundFeeOf: network.outboundFeeOf,
        now: now(),
        validForSeconds: QUOTE_VALID_SECONDS,
      })
      if (BigInt(core.expected_amount_out) === 0n)
        return c.json(badRequest(`amount less than outbound fee: ${core.fees.outbound}`), 400)
      const inboundSeconds = CONFIRMATIONS * blockSecondsOf(from.chain)
      const outboundSeconds = blockSecondsOf(to.chain)
      return c.json({
        inbound_address: vault.address,
        ...(vault.router === undefined ? {} : { router: vault.router }),
        inbound_confirmation_blocks: CONFIRMATIONS,
        inbound_confirmation_seconds: inboundSeconds,
        outbound_delay_blocks: 0,
        outbound_delay_seconds: 0,
        ...core,
        recommended_gas_rate: vault.gasRate,
        gas_rate_units: vault.gasRateUnits,
        dust_threshold: '10000',
        total_swap_seconds: inboundSeconds + outboundSeconds,
      })
    })
    .get('/v2/actions', (c) => {
      const limit = z.coerce.number().int().min(1).max(50).catch(50).parse(c.req.query('limit'))
      const records = network.listInbounds().slice(0, limit)
      return c.json({
        count: String(records.length),
        actions: records.map((record) => {
          const { inbound, outbound } = record
          const sent = outbound?.payment !== undefined && outbound.status === 'sent'
          return {
            // Midgard's dates are nanoseconds; a record saved before observedAt was kept reads 0
            date: `${record.observedAt ?? 0}000000`,
            height: String(record.height),
            // a refund with no outbound (dust) is final at once, as Midgard shows it
            status: sent || outbound === undefined ? 'success' : 'pending',
            type: record.kind,
            in: [
              {
                address: inbound.from,
                coins: [{ asset: inbound.asset, amount: inbound.amount.toString() }],
                txID: inbound.txId,
              },
            ],
            out:
              outbound?.payment === undefined || !sent
                ? []
                : [
                    {
                      address: outbound.to,
                      coins: [{ asset: outbound.asset, amount: outbound.amount.toString() }],
                      txID: outbound.payment.txid,
                    },
                  ],
            metadata:
              record.kind === 'swap'
                ? { swap: { memo: inbound.memo } }
                : { refund: { memo: inbound.memo, reason: record.reason ?? '' } },
          }
        }),
      })
    })
    .get('/thorchain/memo/check/:asset/:amount', (c) => {
      const asset = parseThorAsset(c.req.param('asset'))
      const amount = c.req.param('amount')
      if (ledger === undefined) return c.json(notFound('memoless transactions are currently disabled'), 404)
      if (asset === undefined) return c.json(badRequest('invalid asset'), 400)
      if (!/^\d{1,30}$/.test(amount)) return c.json(badRequest(`invalid amount: ${amount}`), 400)
      const preflight = ledger.checkReference(formatThorAsset(asset), BigInt(amount))
      if (preflight === undefined)
        return c.json(badRequest(`failed to calculate reference: zero reference from amount ${amount}`), 400)
      return c.json({
        reference: preflight.reference,
        available: preflight.available,
        expires_at: String(preflight.expiresAt),
        usage_count: String(preflight.usageCount),
        max_use: String(preflight.maxUse),
        can_register: preflight.canRegister,
        ...(preflight.memo === undefined ? {} : { memo: preflight.memo }),
      })
    })
    .get('/thorchain/memo/:asset/:reference', (c) => {
      const asset = parseThorAsset(c.req.param('asset'))
      if (asset === undefined) return c.json(badRequest('invalid asset'), 400)
      const record = ledger?.getReference(formatThorAsset(asset), c.req.param('reference'))
      if (record === undefined)
        return c.json(notFound(`reference memo not found for asset ${formatThorAsset(asset)}`), 404)
      return c.json(referenceAnswer(record))
    })
    .get('/thorchain/memo/:hash', (c) => {
      const record = ledger?.getReferenceByHash(c.req.param('hash'))
      if (record === undefined)
        return c.json(notFound(`reference memo not found for hash: ${c.req.param('hash')}`), 404)
      return c.json(referenceAnswer(record))
    })
    .get('/cosmos/base/tendermint/v1beta1/node_info', (c) => {
      if (ledger === undefined) return c.json(notFound('this network runs no THORChain ledger'), 404)
      return c.json({
        default_node_info: { network: ledger.spec.chainId, moniker: 'devnet', version: '0.38.17' },
        application_version: { name: 'thornode', app_name: 'thornode', version: 'devnet' },
      })
    })
    .get('/cosmos/auth/v1beta1/accounts/:address', (c) => {
      const address = c.req.param('address')
      const account = ledger?.getAccount(address)
      if (account === undefined)
        return c.json(
          notFound(`rpc error: code = NotFound desc = account ${address} not found: key not found`),
          404,
        )
      return c.json({
        account: {
          '@type': '/cosmos.auth.v1beta1.BaseAccount',
          address,
          pub_key:
            account.pubKey === undefined
              ? null
              : { '@type': '/cosmos.crypto.secp256k1.PubKey', key: account.pubKey },
          account_number: account.accountNumber.toString(),
          sequence: account.sequence.toString(),
        },
      })
    })
    .get('/cosmos/bank/v1beta1/balances/:address', (c) => {
      const rune = ledger?.getAccount(c.req.param('address'))?.rune ?? 0n
      return c.json({
        balances: rune === 0n ? [] : [{ denom: 'rune', amount: rune.toString() }],
        pagination: { next_key: null, total: rune === 0n ? '0' : '1' },
      })
    })
    .post('/cosmos/tx/v1beta1/txs', async (c) => {
      if (ledger === undefined) return c.json(notFound('this network runs no THORChain ledger'), 404)
      const body = broadcastBody.safeParse(await c.req.json().catch(() => undefined))
      if (!body.success) return c.json(badRequest(body.error.issues[0]?.message ?? 'bad request'), 400)
      const txBytes = fromBase64(body.data.tx_bytes)
      try {
        const hash = await network.broadcastThorchainTx(txBytes)
        return c.json({ tx_response: txResponse({ hash, height: 0, code: 0, log: '[]' }) })
      } catch (error: unknown) {
        if (!(error instanceof CosmosTxError)) throw error
        const hash = toHex(sha256(txBytes)).toUpperCase()
        return c.json({ tx_response: txResponse({ hash, height: 0, code: error.code, log: error.message }) })
      }
    })
    .get('/cosmos/tx/v1beta1/txs/:hash', (c) => {
      const result = ledger?.getTx(c.req.param('hash'))
      if (result === undefined) return c.json(notFound(`tx not found: ${c.req.param('hash')}`), 404)
      return c.json({ tx: null, tx_response: txResponse(result) })
    })
    .get('/thorchain/tx/status/:hash', (c) => {
      const hash = c.req.param('hash').replace(/^0x/i, '').toLowerCase()
      const record = network.getInbound(hash)
      if (record === undefined) return c.json(badRequest(`tx ${hash} not observed`), 404)
      const { inbound, outbound } = record
      return c.json({
        tx: {
          id: inbound.txId,
          chain: record.chain,
          from_address: inbound.from,
          to_address: network.vaultOf(record.chain)?.address ?? '',
          coins: [{ asset: inbound.asset, amount: inbound.amount.toString() }],
          memo: inbound.memo,
        },
        stages: {
          inbound_observed: { completed: true },
          inbound_finalised: { completed: true },
          swap_status: { pending: false },
          outbound_signed: { completed: outbound?.status === 'sent' },
        },
        ...(outbound?.payment === undefined || outbound.status !== 'sent'
          ? {}
          : {
              out_txs: [
                {
                  id: outbound.payment.txid,
                  chain: outbound.asset.split('.')[0],
                  to_address: outbound.to,
                  coins: [{ asset: outbound.asset, amount: outbound.amount.toString() }],
                  memo: outbound.memo,
                },
              ],
            }),
      })
    })
}
