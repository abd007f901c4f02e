import {
  type Account,
  BaseError,
  type Chain,
  createWalletClient,
  defineChain,
  http,
  publicActions,
  type Transport,
  type WalletClient,
} from 'viem'
import { DeployError } from './DeployError'

/** A wallet and public client of one chain, sending from the deployer. */
export type DeployClient = ReturnType<typeof extendClient>

export type ConnectDeployChainParams = {
  chainId: number
  rpcUrl: string
  account: Account
  /** How long the node may take to answer any call (default 15 s). */
  timeoutMs?: number
  /** How often receipts are polled (default 1 s). */
  pollingIntervalMs?: number
}

/**
 * A `DeployClient` for the node at `rpcUrl`, once it answered `eth_chainId` with `chainId`. Throws `DeployError`
 * when the node does not answer in time or serves another chain; the message names the URL's origin only (an RPC
 * URL's path often holds its key).
 */
export async function connectDeployChain(params: ConnectDeployChainParams): Promise<DeployClient> {
  const { chainId, rpcUrl, account, timeoutMs = 15_000, pollingIntervalMs = 1_000 } = params
  const chain = defineChain({
    id: chainId,
    name: `chain-${chainId}`,
    nativeCurrency: { name: 'Native', symbol: 'NATIVE', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const client = extendClient(
    createWalletClient({
      chain,
      account,
      transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 1 }),
      pollingInterval: pollingIntervalMs,
      cacheTime: 0,
    }),
  )
  const where = `chain ${chainId}: the node at ${new URL(rpcUrl).origin}`
  let answered: number
  try {
    answered = await client.getChainId()
  } catch (error: unknown) {
    const reason =
      error instanceof BaseError
        ? [error.shortMessage, error.details].filter((part) => part).join(' ')
        : String(error)
    throw new DeployError(`${where} does not answer (${reason})`, { cause: error })
  }
  if (answered !== chainId) throw new DeployError(`${where} serves chain ${answered}, not ${chainId}`)
  return client
}

function extendClient(client: WalletClient<Transport, Chain, Account>) {
  return client.extend(publicActions)
}
