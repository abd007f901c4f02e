import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  isAddressEqual,
  type LocalAccount,
  maxUint256,
  type TransactionReceipt,
  zeroAddress,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { createDevClient, type DevClient } from '../../contracts/deploy/devClient'
import { waitForReceipt } from '../../contracts/deploy/waitForReceipt'
import { devMnemonic, getDeployerAccount } from '../../devnet/devAccounts'
import { fundAddress } from '../../devnet/fund'
import { type Devnet, startDevnet } from '../../devnet/startDevnet'
import { createApp } from '../app'
import { evmChainIds } from '../chains/chainInfo'
import type { ChainDeployment, TokenInfo } from '../chains/deployment'
import { loadConfig } from '../config'
import { createSilentLogger } from '../logger'
import { createMarkets, type Markets } from '../market/createMarkets'
import type { CrossChainProvider } from '../providers/types'
import { openTestStore, type TestStore } from '../store/openTestStore'
import { allocateTestPorts } from './allocateTestPorts'
import { claimSharedDevnet, findWorkerSharedDevnet } from './claimSharedDevnet'
import { sharedDevnetDataDir } from './sharedDevnetDataDir'

/** anvil's gas estimates fall short for nested callbacks under load; every test transaction adds 30%. */
const GAS_MARGIN_PERCENT = 130n

export interface StartDevnetHarnessParams {
  /** Subset of chains (default all). */
  chainIds?: readonly number[]
  /** Defaults to `sharedDevnetDataDir`. */
  dataDir?: string
  /**
   * Start anvils of this file's own even when the run shares a devnet per worker (`claimSharedDevnet`): for a
   * test that stops or freezes a node. Implied by `dataDir`.
   */
  ownDevnet?: boolean
  /** The app's clock in ms (quote deadlines); defaults to Date.now. */
  now?: () => number
  /** Follow new heads by subscription as production does (off: refreshes are explicit, safe with reverts). */
  followHeads?: boolean
  /**
   * Watch each node with the production liveness read (a node missing a 1-s deadline answers 503). Off by
   * default: on a machine loaded by the suite, a slow anvil is not an outage.
   */
  watchLiveness?: boolean
  /** Cross-chain providers the app mounts, built from the devnet's deployments and markets (default none). */
  crossProviders?: (parts: {
    deployments: readonly ChainDeployment[]
    markets: Markets
  }) => CrossChainProvider[]
}

export interface TxRequest {
  to: Address
  data?: Hex
  value?: bigint
}

/** The harness's chains: a devnet of its own, or its worker's shared one (whose processes it does not hold). */
export type HarnessDevnet = Pick<Devnet, 'deployments' | 'fund' | 'anvils'>

export interface DevnetHarness {
  devnet: HarnessDevnet
  deployments: readonly ChainDeployment[]
  markets: Markets
  store: TestStore
  app: ReturnType<typeof createApp>
  deployment(chainId: number): ChainDeployment
  /** The chain's token with this symbol (wrapped native by its symbol, e.g. WETH). */
  token(chainId: number, symbol: string): TokenInfo
  /** anvil dev account `index` (0..9), funded with native and every token. */
  account(index: number): LocalAccount
  /** A wallet+public+test client of `chainId` sending from dev account `accountIndex` (default 0). */
  walletClient(chainId: number, accountIndex?: number): DevClient
  /** The devnet deployer (minter of every devnet token). */
  deployerClient(chainId: number): DevClient
  /** `app.request` on an absolute path, e.g. `/trade/v1/1/quote/single?...`. */
  request(pathAndQuery: string, init?: RequestInit): Promise<Response>
  /** Brings every chain's pool snapshot to its current head (reloading after a revert). */
  refreshAll(): Promise<void>
  /** Resolves once `chainId`'s pool snapshot reached `blockNumber`. */
  waitForBlock(chainId: number, blockNumber: bigint): Promise<void>
  /** Sends `tx` from `client`'s account with estimate + 30% gas, polls its receipt; throws if it reverts. */
  sendAndWait(client: DevClient, tx: TxRequest): Promise<TransactionReceipt>
  /** approve(spender, amount) from `client`'s account (default spender: the chain's aggregator, max amount). */
  approve(client: DevClient, token: Address, spender?: Address, amount?: bigint): Promise<void>
  /** ERC-20 balance, or native balance for address(0). */
  balanceOf(chainId: number, token: Address, account: Address): Promise<bigint>
  /** evm_snapshot on the chains (default all); the returned function reverts them and reloads their pools. */
  snapshot(chainIds?: readonly number[]): Promise<() => Promise<void>>
  stop(): Promise<void>
}

/**
 * Test fixture for everything that needs real chains: starts the devnet (snapshot shared across test
 * files through `sharedDevnetDataDir`), the markets with a first pool snapshot (no background polling:
 * tests call `refreshAll`/`waitForBlock`), a migrated PGlite store and `createApp` with a silent logger and
 * no rate limits. Stop it in `afterAll`. Throws DevnetStartError when the devnet cannot start.
 */
export async function startDevnetHarness(params: StartDevnetHarnessParams): Promise<DevnetHarness> {
  // the store's PGlite start-up (seconds of WASM) needs nothing of the devnet: it runs while the chains load
  const opening = openTestStore({ name: 'pglite' })
  // handled here too: a store that fails while the devnet starts is reported by the `await opening` below
  opening.catch(() => undefined)
  const discardStore = () => opening.then((s) => s.destroy()).catch(() => undefined)
  let devnet: HarnessDevnet & { stop(): Promise<void> }
  try {
    const ownDevnet = params.ownDevnet === true || params.dataDir !== undefined
    const sharedInfo = ownDevnet ? undefined : findWorkerSharedDevnet()
    const shared = sharedInfo ? await claimSharedDevnet(sharedInfo, params.chainIds) : undefined
    devnet = shared
      ? {
          deployments: shared,
          fund: (p) => fundAddress({ deployments: shared, ...p }),
          anvils: [],
          stop: async () => undefined,
        }
      : await startDevnet({
          portBase: await allocateTestPorts(evmChainIds.length),
          dataDir: params.dataDir ?? sharedDevnetDataDir,
          ...(params.chainIds ? { chainIds: params.chainIds } : {}),
        })
  } catch (error: unknown) {
    await discardStore()
    throw error
  }
  let markets: Markets | undefined
  try {
    const deployments = devnet.deployments
    // One hour: the poll loop never runs during a test; refreshes are explicit so they never race a revert.
    markets = createMarkets({
      deployments,
      pollIntervalMs: 3_600_000,
      followHeads: params.followHeads ?? false,
      watchLiveness: params.watchLiveness ?? false,
    })
    await markets.start()
    const store = await opening
    const app = createApp({
      config: loadConfig({
        LOG_LEVEL: 'silent',
        RATE_LIMIT_PER_MINUTE_IP: '0',
        RATE_LIMIT_PER_MINUTE_KEY: '0',
      }),
      deployments,
      logger: createSilentLogger(),
      markets,
      store,
      distDir: '/nonexistent/dist',
      ...(params.now ? { now: params.now } : {}),
      ...(params.crossProviders
        ? { cross: { providers: params.crossProviders({ deployments, markets }) } }
        : {}),
    })
    return buildHarness({ devnet, deployments, markets, store, app })
  } catch (error: unknown) {
    markets?.stop()
    await discardStore()
    await devnet.stop()
    throw error
  }
}

function buildHarness(parts: {
  devnet: HarnessDevnet & { stop(): Promise<void> }
  deployments: readonly ChainDeployment[]
  markets: Markets
  store: TestStore
  app: ReturnType<typeof createApp>
}): DevnetHarness {
  const { devnet, deployments, markets, store, app } = parts
  const clients = new Map<string, DevClient>()
  const accounts = new Map<number, LocalAccount>()

  const deployment = (chainId: number) => {
    const found = deployments.find((d) => d.chainId === chainId)
    if (!found) throw new Error(`chain ${chainId} is not part of this devnet`)
    return found
  }
  const account = (index: number) => {
    let found = accounts.get(index)
    if (!found) {
      found = mnemonicToAccount(devMnemonic, { addressIndex: index })
      accounts.set(index, found)
    }
    return found
  }
  const clientFor = (chainId: number, key: string, make: () => LocalAccount) => {
    const cacheKey = `${chainId}:${key}`
    let client = clients.get(cacheKey)
    if (!client) {
      client = createDevClient({ rpcUrl: deployment(chainId).rpcUrl, chainId, account: make() })
      clients.set(cacheKey, client)
    }
    return client
  }
  const publicClient = (chainId: number) => clientFor(chainId, 'deployer', getDeployerAccount)

  const sendAndWait = async (client: DevClient, tx: TxRequest) => {
    const request = { to: tx.to, data: tx.data, value: tx.value ?? 0n }
    const gas = await client.estimateGas({ account: client.account, ...request })
    const hash = await client.sendTransaction({ ...request, gas: (gas * GAS_MARGIN_PERCENT) / 100n })
    const receipt = await waitForReceipt(client, { hash })
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`)
    return receipt
  }

  const refreshChains = async (chainIds: readonly number[]) => {
    await Promise.all(chainIds.map((id) => markets.get(id).poolSync.refresh()))
  }

  return {
    devnet,
    deployments,
    markets,
    store,
    app,
    deployment,
    token(chainId, symbol) {
      const found = deployment(chainId).tokens.find((t) => t.symbol === symbol)
      if (!found) throw new Error(`chain ${chainId} has no token ${symbol}`)
      return found
    },
    account,
    walletClient: (chainId, accountIndex = 0) =>
      clientFor(chainId, `dev${accountIndex}`, () => account(accountIndex)),
    deployerClient: (chainId) => publicClient(chainId),
    request: async (pathAndQuery, init) => app.request(pathAndQuery, init),
    refreshAll: () => refreshChains(deployments.map((d) => d.chainId)),
    async waitForBlock(chainId, blockNumber) {
      await markets.get(chainId).poolSync.waitForBlock(blockNumber)
    },
    sendAndWait,
    async approve(client, token, spender, amount = maxUint256) {
      const chainId = client.chain.id
      const data = encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [spender ?? deployment(chainId).aggregator, amount],
      })
      await sendAndWait(client, { to: token, data })
    },
    async balanceOf(chainId, token, owner) {
      const client = publicClient(chainId)
      if (isAddressEqual(token, zeroAddress)) return client.getBalance({ address: owner })
      return client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
    },
    async snapshot(chainIds = deployments.map((d) => d.chainId)) {
      const ids = await Promise.all(
        chainIds.map(async (id) => ({ id, snap: await publicClient(id).snapshot() })),
      )
      return async () => {
        await Promise.all(ids.map(({ id, snap }) => publicClient(id).revert({ id: snap })))
        await refreshChains(chainIds)
      }
    },
    async stop() {
      markets.stop()
      await store.destroy()
      await devnet.stop()
    },
  }
}
