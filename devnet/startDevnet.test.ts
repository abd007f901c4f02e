import { execFileSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  type Address,
  createPublicClient,
  createTestClient,
  encodeAbiParameters,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  isAddressEqual,
  keccak256,
  parseAbiParameters,
  zeroAddress,
  zeroHash,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MULTICALL3_ADDRESS, PERMIT2_ADDRESS } from '../contracts/thirdParty'
import { evmChainIds, getEvmChainInfo } from '../server/chains/chainInfo'
import type { ChainDeployment } from '../server/chains/deployment'
import { algebraFactoryAbi, algebraPoolAbi } from '../server/poolKinds/algebraIntegral/algebraIntegralAbis'
import { computeAlgebraPoolAddress } from '../server/poolKinds/algebraIntegral/computeAlgebraPoolAddress'
import { v4StateViewAbi } from '../server/poolKinds/uniswapV4/uniswapV4Abis'
import { allocateTestPorts } from '../server/testing/allocateTestPorts'
import { sharedDevnetDataDir } from '../server/testing/sharedDevnetDataDir'
import { computeDevnetVersion } from './computeDevnetVersion'
import { devAccountTokenUsd, devnetAbis } from './deployChain'
import { computeAmountForUsd, computeDevnetMarkets, type MarketToken } from './markets'
import { getUsdPriceE18, type PriceSymbol } from './prices'
import { readSavedHead } from './savedHead'
import { type Devnet, startDevnet } from './startDevnet'
import { getDevnetTokens } from './tokens'

const portBase = await allocateTestPorts(8)
const portPattern = '--port [0-9]+'

function findAnvilPids(): number[] {
  let out = ''
  try {
    out = execFileSync('pgrep', ['-f', '--', portPattern], { encoding: 'utf8' })
  } catch {
    return []
  }
  return out
    .split('\n')
    .filter(Boolean)
    .map(Number)
    .filter((pid) => {
      try {
        const port = Number(/--port\0(\d+)/.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))?.[1])
        return port >= portBase && port < portBase + evmChainIds.length
      } catch {
        return false
      }
    })
}

function readRssKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
  } catch {
    return 0
  }
}

function isAnvilBinary(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'anvil'
  } catch {
    return false
  }
}

function clientFor(deployment: ChainDeployment) {
  return createPublicClient({ transport: http(deployment.rpcUrl) })
}

function marketTokensOf(deployment: ChainDeployment): MarketToken[] {
  const specs = getDevnetTokens(deployment.chainId)
  const priceOf = (symbol: string, wrapped: boolean): PriceSymbol => {
    if (wrapped) return specs.nativePriceSymbol
    const spec = specs.tokens.find((t) => t.symbol === symbol)
    if (!spec) throw new Error(`unknown ${symbol}`)
    return spec.priceSymbol
  }
  return deployment.tokens
    .filter((t) => !t.tags.includes('native'))
    .map((t) => ({
      address: t.address,
      symbol: t.symbol,
      decimals: t.decimals,
      priceSymbol: priceOf(t.symbol, t.tags.includes('wrapped-native')),
    }))
}

/** Deviation in bps of the pool's price of token0 in token1 from the table, from raw amounts ratio num/den. */
function deviationBps(
  rawPriceNum: bigint,
  rawPriceDen: bigint,
  token0: MarketToken,
  token1: MarketToken,
): number {
  const lhs = rawPriceNum * 10n ** BigInt(token0.decimals) * getUsdPriceE18(token1.priceSymbol)
  const rhs = rawPriceDen * 10n ** BigInt(token1.decimals) * getUsdPriceE18(token0.priceSymbol)
  return Number(((lhs - rhs) * 100_000n) / rhs) / 10
}

function withoutRpc(deployments: ChainDeployment[]) {
  return deployments.map(({ rpcUrl: _, ...rest }) => rest)
}

describe('startDevnet (8 anvil chains)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'devnet-test-'))
  let devnet: Devnet
  let firstStartMs = 0
  const dev0 = getAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')

  const staleVersionDir = path.join(dataDir, 'devnet', '0123456789abcdef')

  beforeAll(async () => {
    mkdirSync(staleVersionDir, { recursive: true })
    const started = performance.now()
    devnet = await startDevnet({ portBase, dataDir })
    firstStartMs = performance.now() - started
  }, 240_000)

  afterAll(async () => {
    await devnet?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('deploys all eight chains on consecutive ports and lists the dev accounts', () => {
    expect(devnet.fromSnapshot).toBe(false)
    expect(devnet.deployments.map((d) => d.chainId)).toEqual(evmChainIds)
    expect(devnet.deployments.map((d) => d.rpcUrl)).toEqual(
      evmChainIds.map((_, i) => `http://127.0.0.1:${portBase + i}`),
    )
    expect(devnet.manifest.devAccounts).toHaveLength(10)
    expect(devnet.manifest.devAccounts[0]).toBe(dev0)
    const written = JSON.parse(readFileSync(path.join(dataDir, 'devnet', 'manifest.json'), 'utf8'))
    expect(written.version).toBe(devnet.manifest.version)
    expect(written.chains).toEqual(devnet.deployments)
    for (const chainId of evmChainIds) {
      expect(existsSync(path.join(dataDir, 'devnet', devnet.manifest.version, `chain-${chainId}.json`))).toBe(
        true,
      )
    }
    expect(existsSync(staleVersionDir)).toBe(false)
  })

  it.each(evmChainIds)(
    'chain %i: canonical Multicall3/Permit2, tokens as in tokens.ts, >= 3 exchanges',
    async (chainId) => {
      const d = devnet.deployments.find((x) => x.chainId === chainId) as ChainDeployment
      const client = clientFor(d)
      expect(await client.getChainId()).toBe(chainId)
      expect(isAddressEqual(d.multicall3, MULTICALL3_ADDRESS)).toBe(true)
      expect(isAddressEqual(d.permit2, PERMIT2_ADDRESS)).toBe(true)
      for (const address of [d.multicall3, d.permit2, d.aggregator, d.wrappedNative]) {
        expect((await client.getCode({ address }))?.length ?? 0).toBeGreaterThan(100)
      }
      const erc20s = d.tokens.filter((t) => !t.tags.includes('native'))
      const onChain = await client.multicall({
        multicallAddress: d.multicall3,
        allowFailure: false,
        contracts: erc20s.flatMap((t) => [
          { address: t.address, abi: erc20Abi, functionName: 'symbol' } as const,
          { address: t.address, abi: erc20Abi, functionName: 'decimals' } as const,
        ]),
      })
      const info = getEvmChainInfo(chainId)
      const expected = [
        [info?.wrappedNative.symbol, 18],
        ...getDevnetTokens(chainId).tokens.map((t) => [t.symbol, t.decimals]),
      ]
      expect(erc20s.map((_, i) => [onChain[2 * i], onChain[2 * i + 1]])).toEqual(expected)
      expect(d.exchanges.length).toBeGreaterThanOrEqual(3)
      expect(d.exchanges.map((e) => e.aggregatorFactoryId)).toEqual(d.exchanges.map((_, i) => i))
    },
  )

  it.each(evmChainIds)(
    'chain %i: every pool is priced at the table within its seeded offset',
    async (chainId) => {
      const d = devnet.deployments.find((x) => x.chainId === chainId) as ChainDeployment
      const client = clientFor(d)
      const plans = computeDevnetMarkets({ chainId, tokens: marketTokensOf(d) })
      const factoryOf = (id: string) => d.exchanges.find((e) => e.id === id)?.factory ?? zeroAddress
      const v4 = d.exchanges.find((e) => e.kind === 'uniswap-v4')
      const contractPlans = plans.filter((p) => p.kind === 'uniswap-v2' || p.kind === 'uniswap-v3')
      const pools = await client.multicall({
        multicallAddress: d.multicall3,
        allowFailure: false,
        contracts: contractPlans.map((p) =>
          p.kind === 'uniswap-v2'
            ? ({
                address: factoryOf(p.exchangeId),
                abi: devnetAbis.v2Factory,
                functionName: 'getPair',
                args: [p.token0.address, p.token1.address],
              } as const)
            : ({
                address: factoryOf(p.exchangeId),
                abi: devnetAbis.v3Factory,
                functionName: 'getPool',
                args: [p.token0.address, p.token1.address, p.fee],
              } as const),
        ),
      })
      expect(pools.every((p) => !isAddressEqual(p, zeroAddress))).toBe(true)
      const exchangesUsed = new Set<string>()
      for (const plan of plans) {
        exchangesUsed.add(plan.exchangeId)
        let sqrtPriceX96: bigint
        if (plan.kind === 'uniswap-v4') {
          // a V4 pool is its key's hash inside the manager, read through StateView
          const id = keccak256(
            encodeAbiParameters(parseAbiParameters('address, address, uint24, int24, address'), [
              plan.native ? zeroAddress : plan.token0.address,
              plan.token1.address,
              plan.fee,
              plan.tickSpacing,
              zeroAddress,
            ]),
          )
          const stateView = v4?.v4?.stateView ?? zeroAddress
          const [price, tick] = await client.readContract({
            address: stateView,
            abi: v4StateViewAbi,
            functionName: 'getSlot0',
            args: [id],
          })
          expect([price, tick]).toEqual([plan.sqrtPriceX96, plan.tick])
          const liquidity = await client.readContract({
            address: stateView,
            abi: v4StateViewAbi,
            functionName: 'getLiquidity',
            args: [id],
          })
          expect(liquidity).toBe(plan.positions.reduce((sum, p) => sum + p.liquidity, 0n))
          sqrtPriceX96 = price
        } else if (plan.kind === 'algebra-integral') {
          const exchange = d.exchanges.find((e) => e.id === plan.exchangeId)
          const pool = await client.readContract({
            address: factoryOf(plan.exchangeId),
            abi: algebraFactoryAbi,
            functionName: 'poolByPair',
            args: [plan.token0.address, plan.token1.address],
          })
          expect(pool).toBe(
            computeAlgebraPoolAddress({
              poolDeployer: exchange?.poolDeployer ?? zeroAddress,
              initCodeHash: exchange?.initCodeHash ?? zeroHash,
              token0: plan.token0.address,
              token1: plan.token1.address,
            }),
          )
          const [price, tick, fee] = await client.readContract({
            address: pool,
            abi: algebraPoolAbi,
            functionName: 'globalState',
          })
          expect([price, tick, fee]).toEqual([plan.sqrtPriceX96, plan.tick, plan.fee])
          expect(
            await client.readContract({ address: pool, abi: algebraPoolAbi, functionName: 'tickSpacing' }),
          ).toBe(plan.tickSpacing)
          const liquidity = await client.readContract({
            address: pool,
            abi: algebraPoolAbi,
            functionName: 'liquidity',
          })
          expect(liquidity).toBe(plan.positions.reduce((sum, p) => sum + p.liquidity, 0n))
          sqrtPriceX96 = price
        } else {
          const pool = pools[contractPlans.indexOf(plan)] as Address
          if (plan.kind === 'uniswap-v2') {
            const [reserve0, reserve1] = await client.readContract({
              address: pool,
              abi: devnetAbis.v2Pair,
              functionName: 'getReserves',
            })
            const taxed = [plan.token0, plan.token1].some((t) => t.symbol === 'TAX')
            if (!taxed) expect([reserve0, reserve1]).toEqual([plan.reserve0, plan.reserve1])
            const deviation = deviationBps(reserve1, reserve0, plan.token0, plan.token1)
            expect(
              Math.abs(deviation - (plan.baseIsToken0 ? plan.offsetBps : -plan.offsetBps)),
            ).toBeLessThanOrEqual(0.2)
            expect(Math.abs(deviation)).toBeLessThanOrEqual(31)
            continue
          }
          const [price, tick] = await client.readContract({
            address: pool,
            abi: devnetAbis.v3Pool,
            functionName: 'slot0',
          })
          expect(price).toBe(plan.sqrtPriceX96)
          expect(tick).toBe(plan.tick)
          const liquidity = await client.readContract({
            address: pool,
            abi: devnetAbis.v3Pool,
            functionName: 'liquidity',
          })
          expect(liquidity).toBe(plan.positions.reduce((sum, p) => sum + p.liquidity, 0n))
          sqrtPriceX96 = price
        }
        const deviation = deviationBps(sqrtPriceX96 * sqrtPriceX96, 2n ** 192n, plan.token0, plan.token1)
        expect(
          Math.abs(deviation - (plan.baseIsToken0 ? plan.offsetBps : -plan.offsetBps)),
        ).toBeLessThanOrEqual(0.2)
        expect(Math.abs(deviation)).toBeLessThanOrEqual(31)
      }
      expect(exchangesUsed).toEqual(new Set(d.exchanges.map((e) => e.id)))
    },
  )

  it.each(evmChainIds)('chain %i: dev account #0 holds native and every token', async (chainId) => {
    const d = devnet.deployments.find((x) => x.chainId === chainId) as ChainDeployment
    const client = clientFor(d)
    const tokens = marketTokensOf(d)
    const balances = await client.multicall({
      multicallAddress: d.multicall3,
      allowFailure: false,
      contracts: tokens.map(
        (t) => ({ address: t.address, abi: erc20Abi, functionName: 'balanceOf', args: [dev0] }) as const,
      ),
    })
    expect(balances).toEqual(tokens.map((t) => computeAmountForUsd(t, devAccountTokenUsd)))
    expect(await client.getBalance({ address: dev0 })).toBeGreaterThanOrEqual(10_000n * 10n ** 18n)
  })

  it('fund() adds native and mints every token, on one chain or all', async () => {
    const address = getAddress('0x00000000000000000000000000000000000f00d1')
    const bsc = devnet.deployments.find((x) => x.chainId === 56) as ChainDeployment
    const one = await devnet.fund({ address, chainId: 56 })
    expect(one.chains.map((c) => c.chainId)).toEqual([56])
    const funded = one.chains[0]
    expect(funded?.tokens.length).toBe(bsc.tokens.length - 1)
    const client = clientFor(bsc)
    expect(await client.getBalance({ address })).toBe(funded?.native)
    for (const token of funded?.tokens ?? []) {
      expect(
        await client.readContract({
          address: token.address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [address],
        }),
      ).toBe(token.amount)
    }
    const usdt = funded?.tokens.find((t) => t.symbol === 'USDT')
    expect(usdt?.amount).toBe(25_000n * 10n ** 18n)
    const all = await devnet.fund({ address })
    expect(all.chains.map((c) => c.chainId)).toEqual(evmChainIds)
    expect(await client.getBalance({ address })).toBe((funded?.native ?? 0n) * 2n)
    await expect(devnet.fund({ address, chainId: 5 })).rejects.toThrow(/not a devnet chain/)
  })

  it('restarts an anvil that dies, on its port, from its snapshot', async () => {
    const optimism = devnet.deployments[1] as ChainDeployment
    const port = Number(new URL(optimism.rpcUrl).port)
    const anvilOf = (pid: number) =>
      isAnvilBinary(pid) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(`--port\0${port}\0`)
    const [victim] = findAnvilPids().filter(anvilOf)
    if (victim === undefined) throw new Error('no anvil for chain 10')
    const before = devnet.anvils[1]?.process
    process.kill(victim, 'SIGKILL')
    for (let i = 0; i < 400 && devnet.anvils[1]?.process === before; i++) {
      await new Promise((r) => setTimeout(r, 25))
    }
    const client = clientFor(optimism)
    const code = await client.getCode({ address: optimism.aggregator })
    expect(code?.length).toBeGreaterThan(2)
    expect(await client.getChainId()).toBe(10)
    expect(devnet.anvils).toHaveLength(evmChainIds.length)
    expect(devnet.anvils[1]?.process).not.toBe(before)
    expect(findAnvilPids().filter(anvilOf)).toHaveLength(1)
  })

  it('stop() leaves no anvil; a restart loads the snapshot with identical addresses', async () => {
    const pids = findAnvilPids().filter(isAnvilBinary)
    expect(pids).toHaveLength(evmChainIds.length)
    const rssMb = pids.reduce((sum, pid) => sum + readRssKb(pid), 0) / 1024
    // a shutdown begins: an anvil that exits now (a terminal's Ctrl-C reaches it too) is not started again
    devnet.endSupervision()
    process.kill(pids[0] ?? 0, 'SIGTERM')
    await new Promise((r) => setTimeout(r, 1_000))
    expect(findAnvilPids().filter(isAnvilBinary)).toHaveLength(evmChainIds.length - 1)
    await devnet.stop()
    expect(findAnvilPids()).toEqual([])

    const started = performance.now()
    const again = await startDevnet({ portBase, dataDir })
    const snapshotStartMs = performance.now() - started
    try {
      expect(again.fromSnapshot).toBe(true)
      expect(again.manifest.version).toBe(devnet.manifest.version)
      expect(withoutRpc(again.deployments)).toEqual(withoutRpc(devnet.deployments))
      const eth = again.deployments[0] as ChainDeployment
      const weth = eth.tokens.find((t) => t.tags.includes('wrapped-native'))?.address ?? zeroAddress
      expect(
        await clientFor(eth).readContract({
          address: weth,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [dev0],
        }),
      ).toBe(computeAmountForUsd({ decimals: 18, priceSymbol: 'ETH' }, devAccountTokenUsd))
      const snapshotRssMb =
        findAnvilPids()
          .filter(isAnvilBinary)
          .reduce((sum, pid) => sum + readRssKb(pid), 0) / 1024
      console.log(
        `devnet figures: first start ${Math.round(firstStartMs)} ms, snapshot start ${Math.round(snapshotStartMs)} ms, ` +
          `anvil RSS total ${rssMb.toFixed(0)} MB after deploy, ${snapshotRssMb.toFixed(0)} MB after snapshot load (8 chains)`,
      )
    } finally {
      await again.stop()
    }
    expect(findAnvilPids()).toEqual([])
  })

  it('with persistChains, a chain keeps what was sent across a restart; without, it starts from the snapshot', async () => {
    const probe = getAddress('0x00000000000000000000000000000000000c4a11')
    const kept = await startDevnet({ portBase, dataDir, chainIds: [1], persistChains: true })
    let head: { number: bigint; hash: Hex } | undefined
    try {
      const chain = kept.deployments[0] as ChainDeployment
      const anvil = createTestClient({ mode: 'anvil', transport: http(chain.rpcUrl) })
      await anvil.setBalance({ address: probe, value: 0x1234n })
      await anvil.mine({ blocks: 1 })
      const block = await clientFor(chain).getBlock()
      head = { number: block.number, hash: block.hash }
    } finally {
      await kept.stop()
    }
    // the save on stop covers the head: what a crash could take away lies above it
    const headFile = path.join(dataDir, 'devnet', computeDevnetVersion(), 'live', 'chain-1.json.head')
    expect([...kept.savedHeadPaths]).toEqual([[1, headFile]])
    expect(await readSavedHead(headFile)).toEqual(head)
    const again = await startDevnet({ portBase, dataDir, chainIds: [1], persistChains: true })
    try {
      expect(again.resumed).toBe(true)
      expect(await clientFor(again.deployments[0] as ChainDeployment).getBalance({ address: probe })).toBe(
        0x1234n,
      )
    } finally {
      await again.stop()
    }
    const fresh = await startDevnet({ portBase, dataDir, chainIds: [1] })
    try {
      expect(await clientFor(fresh.deployments[0] as ChainDeployment).getBalance({ address: probe })).toBe(0n)
      expect(fresh.savedHeadPaths.size).toBe(0)
    } finally {
      await fresh.stop()
    }
  })
})

describe('startDevnet on a damaged data directory', () => {
  const version = computeDevnetVersion()

  it('names a damaged snapshot manifest and the fix', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'devnet-damaged-'))
    try {
      const versionDir = path.join(dataDir, 'devnet', version)
      mkdirSync(versionDir, { recursive: true })
      writeFileSync(path.join(versionDir, 'manifest.json'), '{"version": "')
      await expect(
        startDevnet({ portBase: await allocateTestPorts(8), dataDir, chainIds: [1] }),
      ).rejects.toThrow(`The devnet snapshot manifest ${path.join(versionDir, 'manifest.json')} is damaged`)
      await expect(
        startDevnet({ portBase: await allocateTestPorts(8), dataDir, chainIds: [1] }),
      ).rejects.toThrow(`Delete ${versionDir} and start again: the devnet redeploys.`)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('names a chain state that anvil cannot load and the fix', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'devnet-damaged-'))
    try {
      const versionDir = path.join(dataDir, 'devnet', version)
      mkdirSync(versionDir, { recursive: true })
      writeFileSync(
        path.join(versionDir, 'manifest.json'),
        JSON.stringify({ version, chains: [{ chainId: 1 }], devAccounts: [] }),
      )
      writeFileSync(path.join(versionDir, 'chain-1.json'), 'not a state dump')
      await expect(
        startDevnet({ portBase: await allocateTestPorts(8), dataDir, chainIds: [1] }),
      ).rejects.toThrow(
        `The snapshot under ${versionDir} may be damaged: delete that directory and start again`,
      )
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('a live chain state cut short by a crash: the devnet starts from the previous copy, then the snapshot, and warns', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'devnet-truncated-'))
    const probe = getAddress('0x00000000000000000000000000000000000c4a12')
    try {
      // the snapshot the test harness deployed, when there is one: chain 1 alone then starts in seconds
      const shared = path.join(sharedDevnetDataDir, 'devnet', version)
      const versionDir = path.join(dataDir, 'devnet', version)
      if (existsSync(path.join(shared, 'chain-1.json'))) {
        mkdirSync(versionDir, { recursive: true })
        for (const name of ['manifest.json', 'chain-1.json'])
          copyFileSync(path.join(shared, name), path.join(versionDir, name))
      }
      const portBase = await allocateTestPorts(8)
      const live = path.join(versionDir, 'live', 'chain-1.json')
      const kept = await startDevnet({ portBase, dataDir, chainIds: [1], persistChains: true })
      try {
        const chain = kept.deployments[0] as ChainDeployment
        await createTestClient({ mode: 'anvil', transport: http(chain.rpcUrl) }).setBalance({
          address: probe,
          value: 0x1234n,
        })
      } finally {
        await kept.stop()
      }
      // the saved state becomes the previous copy, and a dump killed half-way is the live one
      copyFileSync(live, `${live}.prev`)
      const damagedLength = Math.floor(readFileSync(live).length / 2)
      truncateSync(live, damagedLength)

      const warnings: string[] = []
      const again = await startDevnet({
        portBase,
        dataDir,
        chainIds: [1],
        persistChains: true,
        log: (m) => warnings.push(m),
      })
      try {
        expect(await clientFor(again.deployments[0] as ChainDeployment).getBalance({ address: probe })).toBe(
          0x1234n,
        )
        expect(warnings.filter((m) => m.includes('not whole JSON'))).toEqual([
          `devnet: chain state ${live} is not whole JSON (a dump cut short); loading ${live}.prev instead`,
        ])
        expect(again.resumed).toBe(true)
      } finally {
        await again.stop()
      }
      // stop saved a whole state again, the one loaded is now the previous copy, the damaged one set aside
      expect(JSON.parse(readFileSync(live, 'utf8'))).toBeTypeOf('object')
      expect(JSON.parse(readFileSync(`${live}.prev`, 'utf8'))).toBeTypeOf('object')
      expect(readFileSync(`${live}.damaged`).length).toBe(damagedLength)

      // a kill between a save's two renames: the last save is the previous copy, no live one; still resumed
      rmSync(live)
      const betweenRenames = await startDevnet({ portBase, dataDir, chainIds: [1], persistChains: true })
      try {
        expect([
          betweenRenames.resumed,
          [...betweenRenames.resumedChainIds],
          await clientFor(betweenRenames.deployments[0] as ChainDeployment).getBalance({ address: probe }),
        ]).toEqual([true, [1], 0x1234n])
      } finally {
        await betweenRenames.stop()
      }

      truncateSync(live, 100)
      truncateSync(`${live}.prev`, 100)
      const fromSnapshot = await startDevnet({ portBase, dataDir, chainIds: [1], persistChains: true })
      try {
        expect([
          fromSnapshot.resumed,
          [...fromSnapshot.resumedChainIds],
          await clientFor(fromSnapshot.deployments[0] as ChainDeployment).getBalance({ address: probe }),
        ]).toEqual([false, [], 0n])
      } finally {
        await fromSnapshot.stop()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 600_000)
})
