import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { createFakeDeployments } from '../testing/fakeDeployments'
import { NetworkConfigError } from './NetworkConfigError'
import {
  loadNetworkConfig,
  loadNetworkConfigWithLiquidity,
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

  it('takes a chain without tokens of its own as one with none (its tokens may come from token lists)', () => {
    const [first, second] = createFakeDeployments()
    const { tokens: _tokens, ...bare } = second ?? {}
    expect(parseNetworkConfig([first, bare])[1]?.tokens).toEqual([])
  })

  it('accepts a devnet manifest shape ({ chains })', () => {
    const chains = parseNetworkConfig({ version: 1, chains: createFakeDeployments(), devAccounts: [] })
    expect(chains.map((c) => c.chainId)).toEqual([1, 8453])
  })

  it('accepts an Across deployment with checksummed addresses and rejects a bad relayer', () => {
    const [first] = createFakeDeployments()
    const across = {
      spokePool: '0x5c7bcd6e7de5423a257d81b442095a1a6ced35c5',
      handler: '0x2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a',
      entry: '0x3b3b3b3b3b3b3b3b3b3b3b3b3b3b3b3b3b3b3b3b',
      assets: [{ asset: 'USDC', token: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', decimals: 6 }],
      relayers: ['0x07ae8551be970cb1cca11dd7a11f47ae82e70e67'],
    }
    const [parsed] = parseNetworkConfig([{ ...first, across }])
    expect(parsed?.across).toEqual({
      spokePool: '0x5c7BCd6E7De5423a257D81B442095A1a6ced35C5',
      handler: '0x2A2a2a2a2a2A2A2a2a2a2A2a2A2A2A2a2A2A2a2a',
      entry: getAddress('0x3b3b3b3b3b3b3b3b3b3b3b3b3b3b3b3b3b3b3b3b'),
      assets: [{ asset: 'USDC', token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6 }],
      relayers: [getAddress('0x07ae8551be970cb1cca11dd7a11f47ae82e70e67')],
    })
    expect(() => parseNetworkConfig([{ ...first, across: { ...across, relayers: ['0x1'] } }])).toThrowError(
      'Invalid network config:\n  0.across.relayers.0: expected a 0x-prefixed 20-byte address',
    )
  })

  it('names each problem with its JSON path', () => {
    const [broken] = createFakeDeployments()
    expect(() => parseNetworkConfig([{ ...broken, aggregator: '0x12', rpcUrl: 'ftp://x' }])).toThrowError(
      'Invalid network config:\n  0.rpcUrl: Invalid URL\n  0.aggregator: expected a 0x-prefixed 20-byte address',
    )
  })

  it('reads the LayerZero and Stargate sections, checksummed, and names a bad pool address', () => {
    const [first] = createFakeDeployments()
    const lower = (n: number) => `0x${String(n).repeat(40)}`
    const layerZero = {
      eid: 30101,
      endpoint: '0x1a44076050125825900e736c501f859c50fe728c',
      sendUln302: lower(2),
      receiveUln302: lower(3),
      executor: lower(4),
      dvn: lower(5),
      priceFeed: lower(6),
      treasury: lower(7),
      executorFeeLib: lower(8),
      dvnFeeLib: lower(9),
    }
    const stargate = {
      tokenMessaging: lower(6),
      creditMessaging: lower(7),
      entry: lower(8),
      composer: '0x2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a',
      pools: [
        {
          assetId: 1,
          symbol: 'USDC',
          token: lower(8),
          decimals: 6,
          pool: '0xc026395860db2d07ee33e05fe50ed7bd583189c7',
        },
      ],
    }
    const [parsed] = parseNetworkConfig([{ ...first, layerZero, stargate }])
    expect(parsed?.layerZero).toEqual({
      ...layerZero,
      endpoint: '0x1a44076050125825900e736c501f859c50fE728c',
      sendUln302: '0x2222222222222222222222222222222222222222',
      receiveUln302: '0x3333333333333333333333333333333333333333',
      executor: '0x4444444444444444444444444444444444444444',
      dvn: '0x5555555555555555555555555555555555555555',
      priceFeed: '0x6666666666666666666666666666666666666666',
      treasury: '0x7777777777777777777777777777777777777777',
      executorFeeLib: '0x8888888888888888888888888888888888888888',
      dvnFeeLib: '0x9999999999999999999999999999999999999999',
    })
    expect(parsed?.stargate?.pools[0]?.pool).toBe('0xc026395860Db2d07ee33e05fE50ed7bD583189C7')
    expect(parsed?.stargate?.creditMessaging).toBe('0x7777777777777777777777777777777777777777')
    expect(parsed?.stargate?.entry).toBe('0x8888888888888888888888888888888888888888')
    expect(parsed?.stargate?.composer).toBe('0x2A2a2a2a2a2A2A2a2a2a2A2a2A2A2A2a2A2A2a2a')
    expect(() =>
      parseNetworkConfig([
        { ...first, stargate: { ...stargate, pools: [{ ...stargate.pools[0], pool: '0x1' }] } },
      ]),
    ).toThrowError(
      'Invalid network config:\n  0.stargate.pools.0.pool: expected a 0x-prefixed 20-byte address',
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
      'Invalid network config:\n  liquidityNetwork.thornodeUrl: expected an https:// URL (THORNode names the vaults deposits are paid to)\n  liquidityNetwork.utxo.0.chainId: Too big: expected number to be <0\n  liquidityNetwork.utxo.0.rpcUrl: Invalid URL',
    )
  })

  const httpsMessage = 'expected an https:// URL (THORNode names the vaults deposits are paid to)'
  it.each([
    ['https THORNode', { thornodeUrl: 'https://thornode.example.org' }, undefined],
    [
      'http THORNode',
      { thornodeUrl: 'http://thornode.example.org' },
      `liquidityNetwork.thornodeUrl: ${httpsMessage}`,
    ],
    [
      'http THORNode on this machine',
      { thornodeUrl: 'http://127.0.0.1:1317' },
      `liquidityNetwork.thornodeUrl: ${httpsMessage}`,
    ],
    [
      'https THORNode and https check',
      { thornodeUrl: 'https://thornode.example.org', thornodeCheckUrl: 'https://thornode.example.net' },
      undefined,
    ],
    [
      'https THORNode and http check',
      { thornodeUrl: 'https://thornode.example.org', thornodeCheckUrl: 'http://thornode.example.net' },
      `liquidityNetwork.thornodeCheckUrl: ${httpsMessage}`,
    ],
  ])('network mode takes THORNode over https only: %s', (_name, urls, problem) => {
    const parse = () => parseLiquidityNetworkConfig({ liquidityNetwork: { ...urls, utxo: [] } })
    if (problem === undefined) expect(parse()).toEqual({ ...urls, utxo: [] })
    else expect(parse).toThrowError(new NetworkConfigError(`Invalid network config:\n  ${problem}`))
  })

  it('loads it from the file with the chains', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'netcfg-'))
    try {
      const file = path.join(dir, 'network.json')
      await writeFile(file, JSON.stringify({ chains: createFakeDeployments(), liquidityNetwork: section }))
      const loaded = await loadNetworkConfigWithLiquidity(file)
      expect([loaded.chains.length, loaded.liquidityNetwork]).toEqual([2, section])
      // the same file naming THORNode over http is refused at load
      const http = { ...section, thornodeUrl: 'http://thornode.example.org' }
      await writeFile(file, JSON.stringify({ chains: createFakeDeployments(), liquidityNetwork: http }))
      await expect(loadNetworkConfigWithLiquidity(file)).rejects.toThrowError(
        new NetworkConfigError(
          'Invalid network config:\n  liquidityNetwork.thornodeUrl: expected an https:// URL (THORNode names the vaults deposits are paid to)',
        ),
      )
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('token lists in the network config', () => {
  const dai = {
    chainId: 1,
    address: '0x6B175474E89094C44Da98b954EedeAC495271d0F',
    name: 'Dai Stablecoin',
    symbol: 'DAI',
    decimals: 18,
    tags: ['stablecoin'],
  }
  const listOf = (tokens: unknown[]) => ({
    name: 'Test',
    timestamp: '2024-05-01T00:00:00Z',
    version: { major: 1, minor: 0, patch: 0 },
    tags: { stablecoin: { name: 'Stablecoin', description: 'Pegged' } },
    tokens,
  })

  it('adds the tokens of the lists it names (paths beside the config file) to the chains', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'netcfg-lists-'))
    try {
      await writeFile(path.join(dir, 'dai.json'), JSON.stringify(listOf([dai])))
      const file = path.join(dir, 'network.json')
      await writeFile(file, JSON.stringify({ chains: createFakeDeployments(), tokenLists: ['dai.json'] }))
      const symbols = (chains: { chainId: number; tokens: { symbol: string; tags: string[] }[] }[]) =>
        chains.map((c) => [c.chainId, c.tokens.map((t) => `${t.symbol}:${t.tags.join('+')}`)])
      const expected = [
        [1, ['WETH:wrapped-native+major', 'USDC:stable', 'DAI:stable']],
        [8453, []],
      ]
      expect(symbols((await loadNetworkConfigWithLiquidity(file)).chains)).toEqual(expected)
      expect(symbols(await loadNetworkConfig(file))).toEqual(expected)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('refuses a list whose decimals disagree with the chain own tokens', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'netcfg-lists-'))
    try {
      const usdc18 = { ...dai, address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', symbol: 'USDC' }
      await writeFile(path.join(dir, 'usdc.json'), JSON.stringify(listOf([usdc18])))
      const file = path.join(dir, 'network.json')
      await writeFile(file, JSON.stringify({ chains: createFakeDeployments(), tokenLists: ['usdc.json'] }))
      await expect(loadNetworkConfigWithLiquidity(file)).rejects.toThrowError(
        new NetworkConfigError(
          "Token lists disagree on decimals:\n  0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 on chain 1: 18 decimals in usdc.json, 6 in the chain's own tokens",
        ),
      )
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
