import { type Address, encodeFunctionData, erc20Abi, getAddress } from 'viem'
import { createTxPipeline } from '../contracts/deploy/createTxPipeline'
import { createDevClient } from '../contracts/deploy/devClient'
import type { ChainDeployment } from '../server/chains/deployment'
import { devnetAbis } from './deployChain'
import { getDeployerAccount } from './devAccounts'
import { computeAmountForUsd } from './markets'
import type { PriceSymbol } from './prices'
import { getDevnetTokens } from './tokens'

/** USD worth of each token (wrapped native included) one faucet call gives. */
export const faucetTokenUsd = 25_000
/** Native added per faucet call: this many whole units, or `faucetTokenUsd` worth if that is more. */
const faucetMinNative = 100n

export interface FundedToken {
  address: Address
  symbol: string
  amount: bigint
}

export interface FundedChain {
  chainId: number
  /** Native amount added to the balance (wei). */
  native: bigint
  tokens: FundedToken[]
}

export interface FundResult {
  address: Address
  chains: FundedChain[]
}

const chainLocks = new Map<string, Promise<unknown>>()

/** Runs `task` after every earlier task for the same key, so deployer nonces never collide. */
function withLock<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = chainLocks.get(key) ?? Promise.resolve()
  const next = previous.then(task, task)
  chainLocks.set(
    key,
    next.catch(() => undefined),
  )
  return next
}

/**
 * Devnet faucet: adds native currency (anvil_setBalance, +max(100 units, $25k)) and mints $25k worth of
 * every token of the chain to `address` (wrapped native by deposit + transfer), on `chainId` or on every
 * chain of `deployments`. Amounts are in base units at the devnet price table. Throws for a chain that is
 * not in `deployments` or when a transaction reverts.
 */
export async function fundAddress(params: {
  deployments: readonly ChainDeployment[]
  address: Address
  chainId?: number
}): Promise<FundResult> {
  const address = getAddress(params.address)
  const targets =
    params.chainId === undefined
      ? params.deployments
      : params.deployments.filter((d) => d.chainId === params.chainId)
  if (targets.length === 0) throw new Error(`chain ${params.chainId} is not a devnet chain`)
  const chains = await Promise.all(
    targets.map((deployment) => withLock(deployment.rpcUrl, () => fundOnChain(deployment, address))),
  )
  return { address, chains }
}

async function fundOnChain(deployment: ChainDeployment, address: Address): Promise<FundedChain> {
  const { chainId, rpcUrl } = deployment
  const account = getDeployerAccount()
  const client = createDevClient({ rpcUrl, chainId, account })
  const devTokens = getDevnetTokens(chainId)
  const priceSymbols = new Map<string, PriceSymbol>(devTokens.tokens.map((t) => [t.symbol, t.priceSymbol]))

  const native = maxBigInt(
    faucetMinNative * 10n ** 18n,
    computeAmountForUsd({ decimals: 18, priceSymbol: devTokens.nativePriceSymbol }, faucetTokenUsd),
  )
  const balance = await client.getBalance({ address })
  await client.setBalance({ address, value: balance + native })

  const pipeline = createTxPipeline({
    rpcUrl,
    chainId,
    account,
    startNonce: await client.getTransactionCount({ address: account.address, blockTag: 'pending' }),
  })
  const tokens: FundedToken[] = []
  for (const token of deployment.tokens) {
    if (token.tags.includes('native')) continue
    const isWrapped = token.tags.includes('wrapped-native')
    const priceSymbol = isWrapped ? devTokens.nativePriceSymbol : priceSymbols.get(token.symbol)
    if (priceSymbol === undefined) continue
    const amount = computeAmountForUsd({ decimals: token.decimals, priceSymbol }, faucetTokenUsd)
    if (isWrapped) {
      pipeline.send({
        to: token.address,
        data: encodeFunctionData({ abi: devnetAbis.wrapped, functionName: 'deposit' }),
        value: amount,
        gas: 80_000n,
        label: `faucet: wrap ${token.symbol}`,
      })
      pipeline.send({
        to: token.address,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [address, amount] }),
        gas: 100_000n,
        label: `faucet: send ${token.symbol}`,
      })
    } else {
      pipeline.send({
        to: token.address,
        data: encodeFunctionData({ abi: devnetAbis.token, functionName: 'mint', args: [address, amount] }),
        gas: 120_000n,
        label: `faucet: mint ${token.symbol}`,
      })
    }
    tokens.push({ address: token.address, symbol: token.symbol, amount })
  }
  await pipeline.flush()
  return { chainId, native, tokens }
}

function maxBigInt(a: bigint, b: bigint): bigint {
  return a > b ? a : b
}
