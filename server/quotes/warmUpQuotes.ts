import { zeroAddress } from 'viem'
import type { TokenInfo } from '../chains/deployment'
import type { ChainMarket } from '../market/createChainMarket'
import { findQuoteRoutes } from './findQuoteRoutes'
import { prepareSingleQuote } from './prepareSingleQuote'
import { SingleQuoteQuerySchema } from './singleQuoteQuery'

/** The trade sizes of the warm-up between hubs, in USD: small ones take one path, large ones split and merge. */
const WARM_UP_USD = [100, 10_000, 1_000_000]
/** Hub tokens per chain whose pairs are quoted (the first of the chain's list: the deepest). */
const WARM_UP_HUBS = 4
/**
 * Long-tail tokens per chain in the warm-up, spread evenly over the chain's list of those with a price (deep,
 * middling and thin pools): each traded against the first hub both ways, and sold for the next one.
 */
const WARM_UP_TAIL = 24
/** The trade sizes of the warm-up's long-tail trades, in USD (the larger ones take the wide flow search). */
const WARM_UP_TAIL_USD = [1_000, 30_000]

/**
 * The warm-up's requests on `market`, as `quote/single` queries: every ordered pair of its first hub tokens
 * (wrapped native, stables, majors) at each `WARM_UP_USD` size, then `WARM_UP_TAIL` long-tail tokens spread over
 * the list sold for and bought with the first hub, and each sold for the next, at each `WARM_UP_TAIL_USD` size (the
 * code paths of a long-tail trade: its own intermediates, chains of long-tail pools). The USD price of the input
 * sets the amount; a token without one is never sold; taxed tokens are left out.
 */
export function listWarmUpQueries(market: ChainMarket) {
  const untaxed = market.deployment.tokens.filter((t) => t.address !== zeroAddress && !t.transferFeeBps)
  const isHub = (t: TokenInfo) =>
    t.tags.some((tag) => tag === 'stable' || tag === 'major' || tag === 'wrapped-native')
  const hubs = untaxed.filter(isHub).slice(0, WARM_UP_HUBS)
  const query = (from: TokenInfo, to: TokenInfo, sizeUsd: number) => {
    const usd = market.getUsdPrice(from.address)
    if (usd === undefined || !(usd > 0)) return []
    const amount = BigInt(Math.max(1, Math.floor((sizeUsd / usd) * 10 ** from.decimals)))
    return [
      SingleQuoteQuerySchema.parse({
        fromTokenAddress: from.address,
        toTokenAddress: to.address,
        amount: amount.toString(),
      }),
    ]
  }
  const betweenHubs = hubs.flatMap((from) =>
    hubs.flatMap((to) => (to === from ? [] : WARM_UP_USD.flatMap((size) => query(from, to, size)))),
  )
  const hub = hubs[0]
  const priced = untaxed.filter(
    (t) => !isHub(t) && !t.tags.includes('native') && market.getUsdPrice(t.address) !== undefined,
  )
  const count = Math.min(WARM_UP_TAIL, priced.length)
  const tail = Array.from(
    { length: count },
    (_, k) => priced[Math.floor((k * priced.length) / count)] ?? [],
  ).flat()
  const withTail = hub
    ? tail.flatMap((token) =>
        WARM_UP_TAIL_USD.flatMap((size) => [...query(token, hub, size), ...query(hub, token, size)]),
      )
    : []
  const betweenTail = tail.flatMap((token, i) => {
    const next = tail[i + 1]
    return next ? WARM_UP_TAIL_USD.flatMap((size) => query(token, next, size)) : []
  })
  return [...betweenHubs, ...withTail, ...betweenTail]
}

/**
 * Routes `listWarmUpQueries` of every market once, one at a time, before the server reports ready: the first
 * requests after a start otherwise pay for compiling the routing code and for building the simulators of the
 * hub pools (on the large market's chain 1 the first twenty cold quotes took 100-570 ms of CPU each, against
 * about 30 ms once warm: they were the cold level's p99; issue 43). With routing workers, `workers` requests are
 * in flight at once so each worker gets some. Answers are dropped; a request that does not route is ignored.
 * Resolves with the number of requests routed.
 */
export async function warmUpQuotes(markets: readonly ChainMarket[], workers = 1): Promise<number> {
  const jobs = markets.flatMap((market) => listWarmUpQueries(market).map((query) => ({ market, query })))
  let next = 0
  let routed = 0
  const run = async () => {
    for (let job = jobs[next++]; job; job = jobs[next++]) {
      const { market, query } = job
      try {
        const prepared = await prepareSingleQuote(query, {
          market,
          now: Date.now(),
          quoteTtlSec: 30,
          tagIntegrator: () => '0x',
          requestId: 'warm-up',
        })
        await findQuoteRoutes(market, prepared)
        routed++
      } catch {
        // a pair without a route (or a chain not answering) warms nothing: the next one does
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, workers) }, run))
  return routed
}
