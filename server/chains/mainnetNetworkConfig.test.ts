import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { getAddress, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { computeAggregatorFactories } from '../../contracts/deploy/computeAggregatorFactories'
import { parseDeployConfig } from '../../contracts/deploy/parseDeployConfig'
import { recordOurAddresses } from '../../contracts/deploy/recordOurAddresses'
import { evmChainInfos } from './chainInfo'
import { layerZeroEids } from './layerZeroEids'
import { parseNetworkConfig } from './parseNetworkConfig'

/*
 * networks/mainnet.json: the real third-party addresses of the eight chains, as the input of `npm run deploy`
 * (docs/operating.md). Checked here by the deploy command's and the server's own parsers, not against the
 * networks.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type RawChain = { [key: string]: Json } & { chainId: number; sources: Record<string, string | string[]> }

const file = fileURLToPath(new URL('../../networks/mainnet.json', import.meta.url))
const config = JSON.parse(readFileSync(file, 'utf8')) as { chains: RawChain[] }

const chainIds = [1, 10, 56, 137, 250, 8453, 42161, 43114]
const addressPattern = /^0x[0-9a-fA-F]{40}$/
const bytes32Pattern = /^0x[0-9a-fA-F]{64}$/

/** What a deploy run writes into a chain, with the zero address standing for each of our contracts. */
function asDeployed(chain: RawChain) {
  return recordOurAddresses(chain, {
    aggregator: zeroAddress,
    gaslessSettlement: zeroAddress,
    liquidityEntry: zeroAddress,
    stargateEntry: zeroAddress,
    stargateComposer: zeroAddress,
    acrossHandler: zeroAddress,
    acrossEntry: zeroAddress,
    startBlock: 0,
  })
}

/**
 * Every string and number leaf of `value` with its path: object keys, and array elements by their `id`, `symbol` or `asset`
 * (`exchanges.uniswap-v3.factory`, `stargate.pools.USDC.pool`), else by index.
 */
function leaves(value: Json, path: string[] = []): { path: string; value: string }[] {
  if (typeof value === 'string' || typeof value === 'number')
    return [{ path: path.join('.'), value: String(value) }]
  if (Array.isArray(value))
    return value.flatMap((item, i) => {
      const named = typeof item === 'object' && item !== null && !Array.isArray(item) ? item : {}
      const name = named.id ?? named.symbol ?? named.asset ?? String(i)
      return leaves(item, [...path, String(name)])
    })
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]))
  return []
}

function chain(chainId: number): RawChain {
  const found = config.chains.find((c) => c.chainId === chainId)
  if (!found) throw new Error(`chain ${chainId} missing`)
  return found
}

describe('networks/mainnet.json', () => {
  it('holds the eight chains the app supports, in chain-id order', () => {
    expect(config.chains.map((c) => c.chainId)).toEqual(chainIds)
    expect(evmChainInfos.map((info) => info.id)).toEqual(chainIds)
  })

  it('is a config `npm run deploy` takes, naming no RPC endpoint an operator has not chosen', () => {
    const parsed = parseDeployConfig(config)
    expect(parsed.chains.map((c) => c.chainId)).toEqual(chainIds)
    expect(parsed.deploy).toBeUndefined()
    expect(config.chains.map((c) => c.rpcUrl)).toEqual(
      evmChainInfos.map((info) => `https://rpc.invalid/${info.shortName}`),
    )
    for (const c of parsed.chains) {
      expect(c.aggregator).toBeUndefined()
      expect(c.startBlock).toBeUndefined()
    }
  })

  it('is served by the server once a deploy run has recorded our contracts', () => {
    const deployments = parseNetworkConfig({ chains: config.chains.map(asDeployed) })
    expect(deployments.map((d) => d.chainId)).toEqual(chainIds)
    const bsc = deployments.find((d) => d.chainId === 56)
    // BSC's Binance-Peg USDC and USDT carry 18 decimals, Ethereum's 6
    expect(
      bsc?.tokens.filter((t) => t.symbol === 'USDC' || t.symbol === 'USDT').map((t) => t.decimals),
    ).toEqual([18, 18])
    expect(
      deployments
        .find((d) => d.chainId === 1)
        ?.tokens.filter((t) => t.symbol === 'USDC' || t.symbol === 'USDT')
        .map((t) => t.decimals),
    ).toEqual([6, 6])
    expect(deployments.find((d) => d.chainId === 1)?.permit2).toBe(
      '0x000000000022D473030F116dDEE9F6B43aC78BA3',
    )
    expect(deployments.every((d) => d.multicall3 === '0xcA11bde05977b3631167028862bE2a173976CA11')).toBe(true)
  })

  it('writes every address checksummed (EIP-55)', () => {
    const addresses = leaves(config as unknown as Json).filter((leaf) => addressPattern.test(leaf.value))
    expect(addresses.length).toBe(272)
    expect(addresses.filter((leaf) => getAddress(leaf.value) !== leaf.value)).toEqual([])
  })

  it('gives each exchange its pools’ 32-byte init code hash, one per bytecode', () => {
    const hashes = new Map<string, Set<string>>()
    for (const c of config.chains)
      for (const e of parseDeployConfig({ chains: [c] }).chains[0]?.exchanges ?? []) {
        expect(e.initCodeHash).toMatch(bytes32Pattern)
        hashes.set(e.id, (hashes.get(e.id) ?? new Set()).add(e.initCodeHash))
      }
    expect(Object.fromEntries([...hashes].map(([id, set]) => [id, [...set]]))).toEqual({
      'uniswap-v3': ['0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54'],
      'uniswap-v2': ['0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f'],
      sushiswap: ['0xe18a34eb0e04b04f7a0ac29a6e80748dca96319b42c54d679cb821dca90c6303'],
      'sushiswap-v3': ['0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54'],
      quickswap: ['0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f'],
      spookyswap: ['0xcdf2deca40a0bd56de8e3ce5c7df6727e5b1bf2ac96f283fa9c4b3e6b42ea9d2'],
      // a V4 manager creates no contract per pool: its entries name tick spacings instead
      'uniswap-v4': ['0x0000000000000000000000000000000000000000000000000000000000000000'],
    })
  })

  it('allowlists each chain’s exchanges at ids 0..n-1, as the Aggregator’s constructor takes them', () => {
    const parsed = parseDeployConfig(config)
    expect(Object.fromEntries(parsed.chains.map((c) => [c.chainId, c.exchanges.map((e) => e.id)]))).toEqual({
      1: ['uniswap-v3', 'uniswap-v2', 'sushiswap', 'sushiswap-v3', 'uniswap-v4'],
      10: ['uniswap-v3', 'uniswap-v2', 'sushiswap', 'sushiswap-v3', 'uniswap-v4'],
      56: ['uniswap-v3', 'uniswap-v2', 'sushiswap', 'sushiswap-v3', 'uniswap-v4'],
      137: ['uniswap-v3', 'uniswap-v2', 'quickswap', 'sushiswap', 'sushiswap-v3', 'uniswap-v4'],
      250: ['spookyswap', 'sushiswap', 'sushiswap-v3'],
      8453: ['uniswap-v3', 'uniswap-v2', 'sushiswap', 'sushiswap-v3', 'uniswap-v4'],
      42161: ['uniswap-v3', 'uniswap-v2', 'sushiswap', 'sushiswap-v3', 'uniswap-v4'],
      43114: ['uniswap-v3', 'uniswap-v2', 'sushiswap', 'sushiswap-v3', 'uniswap-v4'],
    })
    // V4: one entry per tick spacing (1, 10, 60, 200) with and without native ETH, after the other exchanges
    expect(parsed.chains.map((c) => computeAggregatorFactories(c).length)).toEqual([
      12, 12, 12, 13, 3, 12, 12, 12,
    ])
    expect(parsed.chains[0]?.exchanges.map((e) => [e.id, e.v2FeeBps])).toEqual([
      ['uniswap-v3', undefined],
      ['uniswap-v2', 30],
      ['sushiswap', 30],
      ['sushiswap-v3', undefined],
      ['uniswap-v4', undefined],
    ])
    expect(parsed.chains[4]?.exchanges.map((e) => [e.id, e.v2FeeBps])).toEqual([
      ['spookyswap', 20],
      ['sushiswap', 30],
      ['sushiswap-v3', undefined],
    ])
  })

  it('names each chain’s LayerZero eid as the server’s table does', () => {
    const deployments = parseNetworkConfig({ chains: config.chains.map(asDeployed) })
    expect(deployments.map((d) => d.layerZero?.eid)).toEqual(chainIds.map((id) => layerZeroEids[id]))
    expect(deployments.map((d) => d.layerZero?.endpoint)).toEqual(
      chainIds.map(() => '0x1a44076050125825900e736c501f859c50fE728c'),
    )
  })

  it('lists the wrapped native token and every bridged token among the chain’s tokens, with their decimals', () => {
    for (const d of parseNetworkConfig({ chains: config.chains.map(asDeployed) })) {
      const token = (address: string) => d.tokens.find((t) => t.address === address)
      expect(token(d.wrappedNative)?.tags).toEqual(['wrapped-native'])
      for (const pool of d.stargate?.pools ?? [])
        if (pool.token !== zeroAddress) expect(token(pool.token)?.decimals).toBe(pool.decimals)
      for (const asset of d.across?.assets ?? []) expect(token(asset.token)?.decimals).toBe(asset.decimals)
    }
    expect(chain(1).stargate).toMatchObject({
      pools: [
        { assetId: 1, symbol: 'USDC' },
        { assetId: 2, symbol: 'USDT' },
        { assetId: 13, symbol: 'ETH', token: zeroAddress, decimals: 18 },
      ],
    })
    expect(config.chains.filter((c) => c.stargate === undefined).map((c) => c.chainId)).toEqual([250])
    expect(config.chains.filter((c) => c.across === undefined).map((c) => c.chainId)).toEqual([250])
    expect(config.chains.filter((c) => c.liquidityRouter !== undefined).map((c) => c.chainId)).toEqual([
      1, 56,
    ])
  })

  it('names a source for every address and hash, and no source for a field it lacks', () => {
    for (const c of config.chains) {
      const { sources, ...rest } = c
      const all = leaves(rest as Json)
      const values = all.filter((leaf) => addressPattern.test(leaf.value) || bytes32Pattern.test(leaf.value))
      const keys = Object.keys(sources)
      const covers = (key: string, path: string) => path === key || path.startsWith(`${key}.`)
      expect(
        values.filter((leaf) => !keys.some((key) => covers(key, leaf.path))).map((leaf) => leaf.path),
      ).toEqual([])
      expect(keys.filter((key) => !all.some((leaf) => covers(key, leaf.path)))).toEqual([])
      for (const urls of Object.values(sources))
        for (const url of [urls].flat()) expect(url).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]+\//)
    }
  })
})
