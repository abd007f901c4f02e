import { type Address, getAddress } from 'viem'
import type { TokenInfo } from '../chains/deployment'
import { readFromNode } from '../chains/readFromNode'
import { AppError } from '../errors'
import type { ChainMarket } from '../market/createChainMarket'
import type { Markets } from '../market/createMarkets'
import { getPoolKind, type PoolDescriptor, type PoolState } from '../poolKinds/poolKinds'
import { insertAdoptedToken } from '../store/adoptedTokens'
import type { Db } from '../store/db'
import { adoptionLimits } from './adoptionLimits'
import { probeExactTransfer } from './probeExactTransfer'
import { readTokenContract } from './readTokenContract'
import { type HubValue, selectDeepPools } from './selectDeepPools'

/** The tags of a token imported by address: shown as unverified, ranked with the long tail. */
export const adoptedTokenTags: TokenInfo['tags'] = ['long-tail', 'unverified']

export interface TokenAdopter {
  /**
   * The token of `chainId` at `address`: the listed or already imported one as it is, else imports it (see
   * `createTokenAdopter`). Throws AppError TOKEN_NOT_FOUND, NO_LIQUIDITY, TOKEN_TRANSFER_TAXED,
   * TOO_MANY_IMPORTED_TOKENS, UPSTREAM_UNAVAILABLE (a node read failed), UNSUPPORTED_CHAIN.
   */
  adopt(chainId: number, address: Address): Promise<TokenInfo>
}

/**
 * Imports unlisted tokens by address, as Uniswap's interface does: reads the contract (`readTokenContract`),
 * asks each exchange's factory for its pools against the chain's hub tokens (stable, major, wrapped native:
 * `PoolKind.poolsOfToken`), keeps those whose hub side is worth `adoptionLimits.minHubLiquidityUsd` at the
 * market's USD prices (`selectDeepPools`), checks on the deepest that a transfer out of the pool and back delivers
 * exactly (`probeExactTransfer`; a taxed token's quotes would be wrong), then records the token in the store and
 * adopts it in the market (tagged `unverified`), whose pool sync follows those pools from the next snapshot on,
 * which this awaits. At most `adoptionLimits.maxTokensPerChain` a chain; requests for one address share one import.
 */
export function createTokenAdopter(deps: { markets: Markets; db: Db }): TokenAdopter {
  const inFlight = new Map<string, Promise<TokenInfo>>()

  const importToken = async (market: ChainMarket, address: Address): Promise<TokenInfo> => {
    const { deployment, chainId } = market
    if (market.listAdoptedTokens().length >= adoptionLimits.maxTokensPerChain) {
      throw new AppError('TOO_MANY_IMPORTED_TOKENS', `Chain ${chainId} imports no more tokens`, {
        details: { chainId, limit: adoptionLimits.maxTokensPerChain },
      })
    }
    const { blockNumber } = market.getSnapshot()
    const multicallAddress = deployment.multicall3
    const facts = await readFromNode(`token ${address}`, () =>
      readTokenContract(market.client, { address, blockNumber, multicallAddress }),
    )
    if (facts === undefined) {
      throw new AppError('TOKEN_NOT_FOUND', `No ERC-20 token answers at ${address} on chain ${chainId}`, {
        details: { chainId, tokenAddress: address },
      })
    }
    const hubs = new Map<string, HubValue>()
    for (const t of deployment.tokens) {
      const usd = market.getUsdPrice(t.address)
      if (
        usd !== undefined &&
        t.tags.some((tag) => tag === 'stable' || tag === 'major' || tag === 'wrapped-native')
      )
        hubs.set(t.address.toLowerCase(), { decimals: t.decimals, usd })
    }
    const hubAddresses = [...hubs.keys()].map((hub) => getAddress(hub))
    const states = await readFromNode(`the pools of token ${address}`, async () => {
      const found = await Promise.all(
        deployment.exchanges.map(async (exchange): Promise<PoolState[]> => {
          const kind = getPoolKind(exchange.kind)
          const pools: PoolDescriptor[] = await kind.poolsOfToken(market.client, {
            exchange,
            token: address,
            hubs: hubAddresses,
            wrappedNative: deployment.wrappedNative,
            blockNumber,
            multicallAddress,
          })
          return pools.length === 0
            ? []
            : kind.readPoolStates(market.client, { pools, blockNumber, multicallAddress })
        }),
      )
      return found.flat()
    })
    const deep = selectDeepPools({
      pools: states,
      token: address,
      hubs,
      minUsd: adoptionLimits.minHubLiquidityUsd,
    })
    const [deepest] = deep
    if (deepest === undefined) {
      throw new AppError(
        'NO_LIQUIDITY',
        `Token ${address} has no pool on chain ${chainId} with $${adoptionLimits.minHubLiquidityUsd} of a hub token`,
        {
          details: { chainId, tokenAddress: address, minHubLiquidityUsd: adoptionLimits.minHubLiquidityUsd },
        },
      )
    }
    // a V4 pool's tokens are the PoolManager's (the exchange's factory)
    const holder =
      deepest.pool.kind === 'uniswap-v4'
        ? (deployment.exchanges.find((e) => e.id === deepest.pool.exchangeId)?.factory ??
          deepest.pool.address)
        : deepest.pool.address
    const exact = await readFromNode(`a transfer of token ${address}`, () =>
      probeExactTransfer(market.client, { token: address, holder, blockNumber, multicallAddress }),
    )
    if (!exact) {
      throw new AppError(
        'TOKEN_TRANSFER_TAXED',
        `Token ${address} does not deliver exactly what a transfer sends (a fee on transfer?)`,
        { details: { chainId, tokenAddress: address } },
      )
    }
    const token: TokenInfo = { ...facts, tags: [...adoptedTokenTags] }
    await insertAdoptedToken(deps.db, { chainId, ...facts })
    market.adoptToken(token)
    await readFromNode(`the pools of token ${address}`, () =>
      market.poolSync.followPools(deep.map(({ pool }) => pool)),
    )
    return token
  }

  return {
    async adopt(chainId, tokenAddress) {
      const market = deps.markets.get(chainId)
      const address = getAddress(tokenAddress)
      const known = market.findToken(address)
      if (known) return known
      const key = `${chainId}:${address}`
      let pending = inFlight.get(key)
      if (!pending) {
        pending = importToken(market, address).finally(() => inFlight.delete(key))
        inFlight.set(key, pending)
      }
      return pending
    },
  }
}
