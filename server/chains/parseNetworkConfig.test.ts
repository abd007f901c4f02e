import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createFakeDeployments } from '../testing/fakeDeployments'
import {
  loadNetworkConfig,
  loadNetworkConfigWithLiquidity,
  NetworkConfigError,
  parseLiquidityNetworkConfig,
  parseNetworkConfig,
} from './parseNetworkConfig'

describe('parseNetworkConfig', () => {
  it('accepts an array of deployments and checksums addresses', () => {
    const [first] = parseNetworkConfig(createFakeDeployments())
    expect([first?.aggregator, first?.wrappedNative, first?.exchanges[0]?.factory]).toEqual([
      '0x1111111111111111111111111111111111111111',
      '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
      '0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f',
    ])
  })

  it('accepts a devnet manifest shape ({ chains })', () => {
    const chains = parseNetworkConfig({ version: 1, chains: createFakeDeployments(), devAccounts: [] })
    expect(chains.map((c) => c.chainId)).toEqual([1, 8453])
  })

  it('names each problem with its JSON path', () => {
    const [broken] = createFakeDeployments()
    expect(() => parseNetworkConfig([{ ...broken, aggregator: '0x12', rpcUrl: 'ftp://x' }])).toThrowError(
      'Invalid network config:\n  0.rpcUrl: Invalid URL\n  0.aggregator: expected a 0x-prefixed 20-byte address',
    )
  })

  it('rejects an empty list and duplicate chain ids', () => {
    expect(() => parseNetworkConfig([])).toThrowError('(root): expected at least one chain')
    const [one] = createFakeDeployments()
    expect(() => parseNetworkConfig([one, one])).toThrowError('(root): each chainId may appear only once')
  })
})

describe('loadNetworkConfig', () => {
  it('reads a file and reports unreadable or non-JSON files', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'netcfg-'))
    try {
      const good = path.join(dir, 'good.json')
      await writeFile(good, JSON.stringify(createFakeDeployments()))
      expect((await loadNetworkConfig(good)).length).toBe(2)
      const bad = path.join(dir, 'bad.json')
      await writeFile(bad, '{')
      await expect(loadNetworkConfig(bad)).rejects.toThrowError(
        new NetworkConfigError(`NETWORK_CONFIG file ${bad} is not valid JSON`),
      )
      const missing = path.join(dir, 'missing.json')
      await expect(loadNetworkConfig(missing)).rejects.toThrowError(
        `Cannot read NETWORK_CONFIG file ${missing}`,
      )
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('parseLiquidityNetworkConfig', () => {
  const section = {
    thornodeUrl: 'https://thornode.example.org',
    utxo: [{ chainId: -3980891822, rpcUrl: 'http://btc.example.org:8332' }],
  }

  it('reads the liquidityNetwork section beside the chains, undefined when absent', () => {
    expect(parseLiquidityNetworkConfig({ chains: [], liquidityNetwork: section })).toEqual(section)
    expect(parseLiquidityNetworkConfig({ chains: [] })).toBeUndefined()
    expect(parseLiquidityNetworkConfig(createFakeDeployments())).toBeUndefined()
  })

  it('names each problem of the section with its path', () => {
    expect(() =>
      parseLiquidityNetworkConfig({
        liquidityNetwork: { thornodeUrl: 'ftp://x', utxo: [{ chainId: 1, rpcUrl: 'x' }] },
      }),
    ).toThrowError(
      'Invalid network config:\n  liquidityNetwork.thornodeUrl: Invalid URL\n  liquidityNetwork.utxo.0.chainId: Too big: expected number to be <0\n  liquidityNetwork.utxo.0.rpcUrl: Invalid URL',
    )
  })

  it('loads it from the file with the chains', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'netcfg-'))
    try {
      const file = path.join(dir, 'network.json')
      await writeFile(file, JSON.stringify({ chains: createFakeDeployments(), liquidityNetwork: section }))
      const loaded = await loadNetworkConfigWithLiquidity(file)
      expect([loaded.chains.length, loaded.liquidityNetwork]).toEqual([2, section])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
