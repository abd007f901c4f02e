import { parseUnits } from 'viem'
import type { ChainDeployment } from '../server/chains/deployment'
import { createMarkets } from '../server/market/createMarkets'
import { type FindBestRouteParams, findBestRoute, type Price } from '../server/routing'

/*
 * `tsx bench/compareRouters.ts <other checkout>` (BENCH_URL: a running devnet server): the best route of this
 * checkout's router against another checkout's (e.g. main) on the same snapshot, for the pairs and sizes of
 * bench:quote's quality table: output net of gas, so a change of the hot path can be shown not to lose quality.
 */
const BENCH_URL = process.env.BENCH_URL ?? 'http://127.0.0.1:20100'
const other = (await import(`${process.argv[2]}/server/routing/index.ts`)) as {
  findBestRoute: typeof findBestRoute
}
const PAIRS: Record<number, [string, string][]> = {
  1: [
    ['WETH', 'USDC'],
    ['USDC', 'WBTC'],
    ['WBTC', 'USDC'],
    ['DAI', 'USDT'],
    ['UNI', 'DAI'],
    ['LINK', 'WETH'],
    ['PEPE', 'USDC'],
    ['SHIB', 'PEPE'],
    ['USDC', 'WETH'],
  ],
  56: [
    ['WBNB', 'USDT'],
    ['CAKE', 'USDC'],
    ['BTCB', 'ETH'],
    ['BAKE', 'USDC'],
    ['BAKE', 'XVS'],
    ['XVS', 'WBNB'],
  ],
  42161: [
    ['WETH', 'USDC'],
    ['WBTC', 'USDC'],
    ['ARB', 'USDT'],
    ['GMX', 'ARB'],
    ['MAGIC', 'USDC'],
  ],
}
const manifest = (await (await fetch(`${BENCH_URL}/devnet/manifest`)).json()) as { chains: ChainDeployment[] }
const markets = createMarkets({
  deployments: manifest.chains.filter((c) => c.chainId in PAIRS),
  pollIntervalMs: 3_600_000,
})
await markets.start()
let better = 0
let worse = 0
let same = 0
const diffs: string[] = []
const cpu = () => process.cpuUsage().user / 1000
let oursMs = 0
let theirsMs = 0
for (const [id, pairs] of Object.entries(PAIRS)) {
  const chainId = Number(id)
  const d = manifest.chains.find((c) => c.chainId === chainId)
  if (!d) continue
  const market = markets.get(chainId)
  const gasPriceWei = await market.getGasPrice()
  const nativeUsd = market.getUsdPrice(d.wrappedNative) ?? 0
  const { pools } = market.getSnapshot()
  const connectors = d.tokens
    .filter((t) => t.tags.some((tag) => tag === 'stable' || tag === 'major' || tag === 'wrapped-native'))
    .map((t) => t.address)
  for (const [from, to] of pairs) {
    const tokenIn = d.tokens.find((t) => t.symbol === from)
    const tokenOut = d.tokens.find((t) => t.symbol === to)
    const inUsd = tokenIn && market.getUsdPrice(tokenIn.address)
    const outUsd = tokenOut && market.getUsdPrice(tokenOut.address)
    if (!tokenIn || !tokenOut || !inUsd || !outUsd) continue
    const nativePriceInTokenOut: Price = {
      num: BigInt(Math.round((nativeUsd / outUsd) * 10 ** (tokenOut.decimals - 18) * 1e30)),
      den: 10n ** 30n,
    }
    for (const usd of [10, 1_000, 10_000, 100_000, 1_000_000, 10_000_000]) {
      const params: FindBestRouteParams = {
        pools,
        tokenIn: tokenIn.address,
        tokenOut: tokenOut.address,
        tradeType: 'exactIn',
        amount: parseUnits((usd / inUsd).toFixed(Math.min(9, tokenIn.decimals)), tokenIn.decimals),
        connectors,
        tokens: d.tokens,
        gasPriceWei,
        nativePriceInTokenOut,
      }
      let t = cpu()
      const ours = findBestRoute(params)
      oursMs += cpu() - t
      t = cpu()
      const theirs = other.findBestRoute(params)
      theirsMs += cpu() - t
      const net = (r: typeof ours) => r.amountOut - r.gasCostInToken
      const diff = net(ours) - net(theirs)
      const bp = Number((diff * 1_000_000n) / (net(theirs) || 1n)) / 100
      if (diff > 0n) better++
      else if (diff < 0n) worse++
      else same++
      if (diff !== 0n)
        diffs.push(`${chainId} ${from}->${to} $${usd}: ${bp > 0 ? '+' : ''}${bp.toFixed(2)} bp`)
    }
  }
}
console.log(
  `net of gas, this checkout vs ${process.argv[2]}: ${better} better, ${same} equal, ${worse} worse`,
)
for (const line of diffs) console.log(`  ${line}`)
console.log(`CPU ms in all: this checkout ${oursMs.toFixed(0)}, other ${theirsMs.toFixed(0)}`)
markets.stop()
