import { Hono } from 'hono'
import { z } from 'zod'
import { quoteSwap } from '../../server/thorchain/quoteSwap'
import { formatThorAsset, parseThorAsset } from '../../server/thorchain/thorAsset'
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

/**
 * The subset of THORNode's HTTP API a provider uses, over the devnet's liquidity network, with THORNode's
 * field names and 1e8 units: `/thorchain/inbound_addresses`, `/thorchain/pools`, `/thorchain/quote/swap` and
 * `/thorchain/tx/status/{hash}`, and Midgard's `/v2/actions` (newest first, `limit` at most 50). Errors answer 400 with THORNode's `{ code, message, details }` shape. The same
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
