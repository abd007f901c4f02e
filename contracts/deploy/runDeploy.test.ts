import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { type Address, getAddress, type Hex, isAddressEqual, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { relayUntilIdle } from '../../devnet/layerZeroRelayer/relayUntilIdle'
import { createApp } from '../../server/app'
import type { ChainDeployment } from '../../server/chains/deployment'
import { parseNetworkConfig } from '../../server/chains/parseNetworkConfig'
import { loadConfig } from '../../server/config'
import { createGasCostConverter } from '../../server/gasless/createGasCostConverter'
import { createGaslessRelayer } from '../../server/gasless/createGaslessRelayer'
import { createSilentLogger } from '../../server/logger'
import { createMarkets, type Markets } from '../../server/market/createMarkets'
import { createStargateProvider } from '../../server/providers/stargate/createStargateProvider'
import { getGaslessOrder } from '../../server/store/gaslessOrders'
import { allocateTestPorts } from '../../server/testing/allocateTestPorts'
import { type DevnetHarness, startDevnetHarness } from '../../server/testing/devnetHarness'
import { gaslessSettlementAbi } from '../artifacts/index'
import { DeployError } from './DeployError'
import { runDeploy } from './runDeploy'

/**
 * `npm run deploy` against a devnet chain treated as a real network: a fresh key, funded by a dev account, deploys
 * a second copy of our contracts over the devnet's third-party contracts; the server built from the written config
 * quotes through the new Aggregator and the swap pays exactly the quote; a second run sends nothing.
 */

const CHAIN_ID = 1
const ARBITRUM = 42161
const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const run = promisify(execFile)

/** The devnet chain's config with our contracts' addresses taken out: what an operator starts from. */
function thirdPartyOnly(deployment: ChainDeployment): Record<string, unknown> {
  const {
    aggregator: _aggregator,
    gaslessSettlement: _gasless,
    liquidityEntry: _liquidityEntry,
    stargate,
    across,
    ...rest
  } = deployment
  const { entry: _se, composer: _sc, ...stargateRest } = stargate ?? { entry: '', composer: '', pools: [] }
  const { entry: _ae, handler: _ah, ...acrossRest } = across ?? { spokePool: '', assets: [], relayers: [] }
  return {
    ...rest,
    ...(stargate ? { stargate: stargateRest } : {}),
    ...(across ? { across: acrossRest } : {}),
  }
}

describe('npm run deploy', () => {
  let h: DevnetHarness
  let dir: string
  let markets: Markets | undefined
  /** The fresh deployer of the first test, funded there. */
  const deployerKey = generatePrivateKey()

  beforeAll(async () => {
    h = await startDevnetHarness({ chainIds: [CHAIN_ID, ARBITRUM] })
    dir = await mkdtemp(path.join(tmpdir(), 'tributary-deploy-'))
  })
  afterAll(async () => {
    markets?.stop()
    await h?.stop()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  const cli = (args: string[], key: Hex) =>
    run(path.join(repoDir, 'node_modules', '.bin', 'tsx'), ['scripts/deploy.ts', ...args], {
      cwd: repoDir,
      env: { ...process.env, DEPLOYER_KEY: key },
    })

  it('deploys a second copy that serves a swap paying exactly the quote; a second run sends nothing', async () => {
    const devnetChain = h.deployment(CHAIN_ID)
    const key = deployerKey
    const deployer = privateKeyToAccount(key).address
    const owner = h.account(7).address
    const relayer = h.account(8).address
    const devWallet = h.walletClient(CHAIN_ID, 0)
    await h.sendAndWait(devWallet, { to: deployer, value: parseEther('10') })

    const input = path.join(dir, 'in.json')
    const out = path.join(dir, 'out.json')
    await writeFile(input, JSON.stringify({ chains: [thirdPartyOnly(devnetChain)] }))
    // a dry run sends and writes nothing, and names the addresses the real run then takes
    const dry = await runDeploy({
      configPath: input,
      outPath: out,
      deployerKey: key,
      owner,
      gaslessRelayers: [relayer],
      dryRun: true,
    })
    const planned = dry.chains[0]?.contracts ?? []
    expect(planned.map((c) => c.deployed)).toEqual(Array(7).fill(true))
    expect(await h.deployerClient(CHAIN_ID).getTransactionCount({ address: deployer })).toBe(0)
    await expect(readFile(out)).rejects.toThrow(/ENOENT/)

    const first = await cli(
      ['--config', input, '--out', out, '--owner', owner, '--gasless-relayers', relayer],
      key,
    )
    expect(first.stdout).toMatch(/chain 1: 7 deployed, 0 kept/)

    const written = JSON.parse(await readFile(out, 'utf8')) as unknown
    const [chain] = parseNetworkConfig(written)
    if (!chain) throw new Error('no chain written')
    // in the order they are deployed
    const ours = [
      chain.aggregator,
      chain.gaslessSettlement,
      chain.liquidityEntry,
      chain.stargate?.entry,
      chain.stargate?.composer,
      chain.across?.handler,
      chain.across?.entry,
    ]
    const devnetOurs = [
      devnetChain.aggregator,
      devnetChain.gaslessSettlement,
      devnetChain.liquidityEntry,
      devnetChain.stargate?.entry,
      devnetChain.stargate?.composer,
      devnetChain.across?.handler,
      devnetChain.across?.entry,
    ]
    const client = h.deployerClient(CHAIN_ID)
    for (const [i, address] of ours.entries()) {
      if (!address) throw new Error(`contract ${i} not written`)
      expect(devnetOurs.some((d) => d && isAddressEqual(d, address))).toBe(false)
      expect(await client.getCode({ address })).not.toBe('0x')
    }
    expect(planned.map((c) => c.address)).toEqual(ours)
    expect(chain.startBlock).toBe(devnetChain.startBlock)
    const gasless = chain.gaslessSettlement as Address
    const read = (functionName: 'owner' | 'isRelayer', args: readonly Address[] = []) =>
      client.readContract({ address: gasless, abi: gaslessSettlementAbi, functionName, args } as never)
    expect(await read('owner')).toBe(owner)
    expect(await read('isRelayer', [relayer])).toBe(true)
    expect(await read('isRelayer', [deployer])).toBe(false)

    // the server built from the written config alone quotes through the new Aggregator
    markets = createMarkets({
      deployments: [chain],
      pollIntervalMs: 3_600_000,
      followHeads: false,
      watchLiveness: false,
    })
    await markets.start()
    const app = createApp({
      config: loadConfig({
        LOG_LEVEL: 'silent',
        RATE_LIMIT_PER_MINUTE_IP: '0',
        RATE_LIMIT_PER_MINUTE_KEY: '0',
      }),
      deployments: [chain],
      logger: createSilentLogger(),
      markets,
      store: h.store,
      distDir: '/nonexistent/dist',
    })
    const usdc = h.token(CHAIN_ID, 'USDC')
    const weth = h.token(CHAIN_ID, 'WETH')
    const sender = h.account(0).address
    const receiver = h.account(1).address
    await h.approve(devWallet, usdc.address, chain.aggregator)
    await markets.get(CHAIN_ID).poolSync.refresh()
    const query = new URLSearchParams({
      fromTokenAddress: usdc.address,
      toTokenAddress: weth.address,
      amount: parseUnits('2500', usdc.decimals).toString(),
      sender,
      receiver,
    })
    const res = await app.request(`/trade/v1/${CHAIN_ID}/quote/single?${query}`)
    const quotes = (await res.json()) as Record<string, unknown>[]
    expect(res.status, JSON.stringify(quotes)).toBe(200)
    const best = quotes.find((q) => q.isBest) ?? quotes[0]
    if (!best) throw new Error('no quote')
    expect(getAddress(String(best.to))).toBe(chain.aggregator)
    const before = await h.balanceOf(CHAIN_ID, weth.address, receiver)
    await h.sendAndWait(devWallet, {
      to: chain.aggregator,
      data: best.data as Hex,
      value: BigInt(String(best.nativeValue ?? '0')),
    })
    const after = await h.balanceOf(CHAIN_ID, weth.address, receiver)
    expect(after - before).toBe(BigInt(String(best.toTokenAmount)))

    // a second run, from the written config alone, verifies everything and sends nothing
    const nonce = await client.getTransactionCount({ address: deployer })
    const second = await cli(['--config', out, '--out', out], key)
    expect(second.stdout).toMatch(/chain 1: 0 deployed, 7 kept/)
    expect(await client.getTransactionCount({ address: deployer })).toBe(nonce)
    expect(JSON.parse(await readFile(out, 'utf8'))).toEqual(written)

    // the addresses come from the code and arguments alone (CREATE2 through the deterministic-deployment proxy):
    // another deployer key, from the input without any address, finds every contract where it is and sends nothing
    const otherKey = generatePrivateKey()
    const third = await runDeploy({
      configPath: input,
      outPath: path.join(dir, 'again.json'),
      deployerKey: otherKey,
      owner,
      gaslessRelayers: [relayer],
    })
    expect(third.chains[0]?.contracts.map((c) => [c.address, c.deployed])).toEqual(
      ours.map((a) => [a, false]),
    )
    expect(await client.getTransactionCount({ address: privateKeyToAccount(otherKey).address })).toBe(0)
  })

  it('the rehearsal goes on: Arbitrum deployed too, a Stargate transfer and a gasless order through the new contracts pay exactly the quote', async () => {
    const owner = h.account(7).address
    const relayerAccount = h.account(8)
    // Arbitrum from its third-party contracts alone, by the same fresh key (funded there too)
    const deployer = privateKeyToAccount(deployerKey).address
    await h.sendAndWait(h.walletClient(ARBITRUM, 0), { to: deployer, value: parseEther('10') })
    const input = path.join(dir, 'in-42161.json')
    const out42161 = path.join(dir, 'out-42161.json')
    await writeFile(input, JSON.stringify({ chains: [thirdPartyOnly(h.deployment(ARBITRUM))] }))
    await runDeploy({
      configPath: input,
      outPath: out42161,
      deployerKey,
      owner,
      gaslessRelayers: [relayerAccount.address],
    })
    const [ethereum] = parseNetworkConfig(JSON.parse(await readFile(path.join(dir, 'out.json'), 'utf8')))
    const [arbitrum] = parseNetworkConfig(JSON.parse(await readFile(out42161, 'utf8')))
    const entry = ethereum?.stargate?.entry
    const settlement = ethereum?.gaslessSettlement
    if (!ethereum || !arbitrum || !entry || !settlement) throw new Error('a chain was not written whole')
    expect(arbitrum.aggregator).not.toBe(h.deployment(ARBITRUM).aggregator)

    // a server from the two written configs alone, with Stargate and a gasless relayer on Ethereum
    const deployments = [ethereum, arbitrum]
    const served = createMarkets({
      deployments,
      pollIntervalMs: 3_600_000,
      followHeads: false,
      watchLiveness: false,
    })
    await served.start()
    try {
      const gaslessRelayer = createGaslessRelayer({
        db: h.store.db,
        chainId: CHAIN_ID,
        client: served.get(CHAIN_ID).client,
        settlement,
        permit2: ethereum.permit2,
        account: relayerAccount,
        worker: 'rehearsal-relayer',
        onError: (error, id) => console.warn(`relayer round failed on order ${id}:`, error),
        costInSrcToken: createGasCostConverter(served.get(CHAIN_ID)),
      })
      const app = createApp({
        config: loadConfig({
          LOG_LEVEL: 'silent',
          RATE_LIMIT_PER_MINUTE_IP: '0',
          RATE_LIMIT_PER_MINUTE_KEY: '0',
        }),
        deployments,
        logger: createSilentLogger(),
        markets: served,
        store: h.store,
        distDir: '/nonexistent/dist',
        cross: { providers: [createStargateProvider({ deployments, markets: served })] },
        gasless: {
          chains: new Map([
            [CHAIN_ID, { settlement, permit2: ethereum.permit2, relayer: relayerAccount.address }],
          ]),
          wake: () => undefined,
        },
      })
      const post = (url: string, body: unknown) =>
        app.request(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      const usdc1 = h.token(CHAIN_ID, 'USDC').address
      const usdc42161 = h.token(ARBITRUM, 'USDC').address
      const wallet = h.walletClient(CHAIN_ID, 2)
      const sender = wallet.account.address

      // USDC on Ethereum to USDC on Arbitrum through the new StargateEntry
      const receiver = getAddress('0x00000000000000000000000000000000000de901')
      await h.approve(wallet, usdc1, entry)
      await served.get(CHAIN_ID).poolSync.refresh()
      const query = new URLSearchParams({
        fromTokenAddress: usdc1,
        toTokenAddress: usdc42161,
        amount: parseUnits('1200', 6).toString(),
        destinationChainId: String(ARBITRUM),
        sender,
        receiver,
        disableEstimate: 'true',
      })
      const quoted = await app.request(`/trade/v1/${CHAIN_ID}/quote/cross?${query}`)
      const [offer] = (await quoted.json()) as { transactionData: { params: { actualQuote: string } } }[]
      expect(quoted.status).toBe(200)
      if (!offer) throw new Error('no cross offer')
      const built = await post(`/trade/v1/${CHAIN_ID}/swap/cross`, {
        transactionData: offer.transactionData,
        account: sender,
      })
      const swap = (await built.json()) as { to: Address; data: Hex; nativeValue: string }
      expect([built.status, swap.to]).toEqual([200, entry])
      const before = await h.balanceOf(ARBITRUM, usdc42161, receiver)
      await h.sendAndWait(wallet, { to: swap.to, data: swap.data, value: BigInt(swap.nativeValue) })
      await relayUntilIdle({ deployments: h.deployments })
      expect((await h.balanceOf(ARBITRUM, usdc42161, receiver)) - before).toBe(
        BigInt(offer.transactionData.params.actualQuote),
      )

      // a gasless USDC -> WETH order through the new GaslessSettlement, executed by the relayer the deploy named
      const weth = h.deployment(CHAIN_ID).wrappedNative
      await h.approve(wallet, usdc1, ethereum.permit2)
      const estimated = await post('/v1/gasless/estimate', {
        parameters: { chainId: CHAIN_ID, srcToken: usdc1, dstToken: weth, amount: '500000000', sender },
      })
      const estimate = (await estimated.json()) as {
        transactionData: { order: Record<string, string>; call: unknown[] }
      }
      expect(estimated.status).toBe(200)
      const typedRes = await post('/trade/v1/gasless/typed-data', {
        transactionData: estimate.transactionData,
        sender,
        chainId: CHAIN_ID,
      })
      const typed = (await typedRes.json()) as {
        domain: Record<string, unknown>
        types: Record<string, { name: string; type: string }[]>
        primaryType: string
        message: { nonce: string; spender: Address; witness: Record<string, string> }
      }
      expect([typedRes.status, typed.message.spender]).toEqual([200, settlement])
      const { EIP712Domain: _domain, ...types } = typed.types
      const signature = await h.account(2).signTypedData({
        domain: typed.domain,
        types,
        primaryType: typed.primaryType,
        message: typed.message,
      } as never)
      const created = await post('/v1/gasless/create', {
        chainFrom: CHAIN_ID,
        order: { ...typed.message.witness, nonce: typed.message.nonce },
        call: estimate.transactionData.call,
        signature,
      })
      const { orderId } = (await created.json()) as { orderId: string }
      expect(created.status).toBe(200)
      const wethBefore = await h.balanceOf(CHAIN_ID, weth, sender)
      expect(await gaslessRelayer.runOnce()).toBe(1)
      const order = await getGaslessOrder(h.store.db, orderId)
      expect(order?.status).toBe('completed')
      expect((await h.balanceOf(CHAIN_ID, weth, sender)) - wethBefore).toBe(order?.quotedAmountOut)
    } finally {
      served.stop()
    }
  })

  it('replaces a recorded Aggregator whose allowlist differs, and everything built over it', async () => {
    const out = path.join(dir, 'out.json')
    const written = JSON.parse(await readFile(out, 'utf8')) as {
      chains: { aggregator: Address; exchanges: { kind: string; v2FeeBps?: number }[] }[]
    }
    const [chain] = written.chains
    const v2 = chain?.exchanges.find((e) => e.kind === 'uniswap-v2')
    if (!chain || !v2) throw new Error('no V2 exchange')
    v2.v2FeeBps = 25
    const changed = path.join(dir, 'changed.json')
    await writeFile(changed, JSON.stringify(written))
    const lines: string[] = []
    const report = await runDeploy({
      configPath: changed,
      outPath: changed,
      deployerKey: deployerKey,
      log: (line) => lines.push(line),
      pollingIntervalMs: 50,
    })
    expect(lines.join('\n')).toMatch(/Aggregator at 0x\w+ is not this config's: its factory \d+ is/)
    const contracts = report.chains[0]?.contracts ?? []
    expect(contracts.map((c) => [c.name, c.deployed])).toEqual(
      [
        'Aggregator',
        'GaslessSettlement',
        'LiquidityEntry',
        'StargateEntry',
        'StargateComposer',
        'AcrossHandler',
        'AcrossEntry',
      ].map((name) => [name, true]),
    )
    const [again] = parseNetworkConfig(JSON.parse(await readFile(changed, 'utf8')))
    expect(again?.aggregator).not.toBe(chain.aggregator)
  })

  it('refuses a bad config, a missing owner or key, and a chain that does not answer, with one error type', async () => {
    const key = generatePrivateKey()
    const write = async (name: string, json: unknown) => {
      const file = path.join(dir, name)
      await writeFile(file, JSON.stringify(json))
      return file
    }
    const attempt = (file: string, extra: Partial<Parameters<typeof runDeploy>[0]> = {}) =>
      runDeploy({
        configPath: file,
        outPath: `${file}.out`,
        deployerKey: key,
        timeoutMs: 2_000,
        ...extra,
      }).then(
        () => undefined,
        (error: unknown) => error,
      )
    const good = thirdPartyOnly(h.deployment(CHAIN_ID))
    const owner = h.account(7).address

    const bad = await attempt(
      await write('bad.json', [
        { ...good, permit2: undefined, exchanges: [{ id: 'x', kind: 'uniswap-v9' }] },
      ]),
      { owner },
    )
    expect(bad).toBeInstanceOf(DeployError)
    expect((bad as Error).message).toMatch(/Invalid deploy config:\n {2}chains\.0\.permit2: /)
    expect((bad as Error).message).toMatch(/chains\.0\.exchanges\.0\.kind: /)

    const noOwner = await attempt(await write('no-owner.json', [good]))
    expect((noOwner as Error).message).toMatch(/Name the owner of the relayer allowlist/)
    const noKey = await attempt(await write('no-key.json', [good]), { owner, deployerKey: undefined })
    expect((noKey as Error).message).toMatch(/DEPLOYER_KEY is not set/)

    // a port nothing listens on, from the one allocator
    const port = await allocateTestPorts(1)
    const silent = await attempt(
      await write('silent.json', [{ ...good, rpcUrl: `http://127.0.0.1:${port}` }]),
      {
        owner,
      },
    )
    expect(silent).toBeInstanceOf(DeployError)
    expect((silent as Error).message).toMatch(
      new RegExp(`^chain 1: the node at http://127\\.0\\.0\\.1:${port} does not answer`),
    )
  })
})
