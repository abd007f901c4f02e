import {
  type Account,
  type Chain,
  createTestClient,
  defineChain,
  http,
  publicActions,
  type TestClient,
  type Transport,
  walletActions,
} from 'viem'

/**
 * A viem client for a local anvil chain with test, public and wallet actions and a fixed deployer account.
 */
export type DevClient = ReturnType<typeof buildDevClient>

export type CreateDevClientParams = {
  rpcUrl: string
  chainId: number
  account: Account
  pollingIntervalMs?: number
}

/**
 * Creates a `DevClient` for the anvil node at `rpcUrl` (chain `chainId`) sending transactions from
 * `account` (a local account: transactions are signed in-process, so anvil need not know the key).
 * Polls every `pollingIntervalMs` (default 20 ms) so receipts on an instantly mining anvil come back fast, and
 * never caches the head block number.
 */
export function createDevClient({ rpcUrl, chainId, account, pollingIntervalMs = 20 }: CreateDevClientParams) {
  const chain = defineChain({
    id: chainId,
    name: `devnet-${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  return buildDevClient(
    createTestClient({
      mode: 'anvil',
      chain,
      account,
      // long: the large market's planning holds the event loop for seconds while other chains deploy
      transport: http(rpcUrl, { timeout: 120_000 }),
      pollingInterval: pollingIntervalMs,
      // never a cached head: tests mine and revert within milliseconds, and a stale block number reads old state
      cacheTime: 0,
    }),
  )
}

function buildDevClient(client: TestClient<'anvil', Transport, Chain, Account>) {
  return client.extend(publicActions).extend(walletActions)
}
