import { type Address, getAddress, isAddressEqual, zeroAddress } from 'viem'
import { getNativeCurrency } from '../chains/getNativeCurrency'
import type { ChainMarket } from '../market/createChainMarket'
import type { Markets } from '../market/createMarkets'
import { evmAddressPattern } from '../openapi/schemas'
import type { PoolSnapshot } from '../pools/poolSnapshot'
import { isNativeAddress } from '../quotes/resolveTradeTokens'
import { buildTokenRecord, type TokenRecord } from './buildTokenRecord'
import { compareTokenPopularity, type ListedToken } from './compareTokenPopularity'
import { computeTokenLiquidityUsd } from './computeTokenLiquidityUsd'
import { searchTokens } from './searchTokens'

export interface TokenCatalog {
  /** Every token of a supported chain in popular order, native first; throws UNSUPPORTED_CHAIN. */
  listChain(chainId: number): readonly ListedToken[]
  /**
   * A token of a supported chain by address (either native spelling), listed or imported (tagged `unverified`);
   * undefined when neither.
   */
  findToken(chainId: number, address: Address): TokenRecord | undefined
  /**
   * Tokens matching `query` on one chain or on all, best match first (see `searchTokens`). Imported tokens
   * match only their exact address: a symbol anyone can give a contract never finds them.
   */
  search(params: { query: string; chainId?: number | undefined; limit: number }): TokenRecord[]
}

/**
 * The token lists of every market: native currency (priced and ranked as its wrapped token) plus the
 * deployment's tokens, priced from the market's pool snapshot and ordered by popularity (group, then
 * liquidity in USD). Each chain's list
 * is rebuilt only when its snapshot changes; before a market has a first snapshot its tokens are
 * listed unpriced (priceInUsd null) in group order.
 */
export function createTokenCatalog({ markets }: { markets: Markets }): TokenCatalog {
  const cache = new Map<number, { snapshot: PoolSnapshot; tokens: readonly ListedToken[] }>()

  const listChain = (chainId: number): readonly ListedToken[] => {
    const market = markets.get(chainId)
    const snapshot = getSnapshotIfStarted(market)
    if (snapshot === undefined) return buildListing(market, undefined)
    const cached = cache.get(chainId)
    if (cached?.snapshot === snapshot) return cached.tokens
    const tokens = buildListing(market, snapshot)
    cache.set(chainId, { snapshot, tokens })
    return tokens
  }

  const findAdopted = (chainId: number, address: Address): ListedToken | undefined => {
    const market = markets.get(chainId)
    const token = market.findToken(address)
    if (token === undefined || !token.tags.includes('unverified')) return undefined
    const snapshot = getSnapshotIfStarted(market)
    const priceInUsd = snapshot ? market.getUsdPrice(token.address) : undefined
    return { record: buildTokenRecord({ chainId, token, isNative: false, priceInUsd }), liquidityUsd: 0 }
  }

  return {
    listChain,
    findToken(chainId, address) {
      const wanted = isNativeAddress(address) ? zeroAddress : address
      const listed = listChain(chainId).find((t) => isAddressEqual(t.record.address, wanted))?.record
      return listed ?? findAdopted(chainId, wanted)?.record
    },
    search({ query, chainId, limit }) {
      const chainIds = chainId === undefined ? markets.all().map((m) => m.chainId) : [chainId]
      const term = query.trim()
      const adopted = evmAddressPattern.test(term)
        ? chainIds.flatMap((id) => findAdopted(id, term as Address) ?? [])
        : []
      return searchTokens([...chainIds.flatMap(listChain), ...adopted], query, limit)
    },
  }
}

function getSnapshotIfStarted(market: ChainMarket): PoolSnapshot | undefined {
  try {
    return market.getSnapshot()
  } catch (_error: unknown) {
    // Pool sync has not loaded a first snapshot yet; the list is served unpriced meanwhile.
    return undefined
  }
}

function buildListing(market: ChainMarket, snapshot: PoolSnapshot | undefined): ListedToken[] {
  const { deployment, chainId } = market
  const prices: ReadonlyMap<Address, number> = snapshot ? market.getUsdPrices() : new Map()
  const erc20s = deployment.tokens.filter((t) => !isAddressEqual(t.address, zeroAddress))
  const liquidity: ReadonlyMap<Address, number> = snapshot
    ? computeTokenLiquidityUsd(snapshot.pools, erc20s, prices)
    : new Map()
  const nativeCurrency = getNativeCurrency(chainId)
  const wrapped = getAddress(deployment.wrappedNative)
  const native: ListedToken = {
    record: buildTokenRecord({
      chainId,
      token: { ...nativeCurrency, address: zeroAddress, tags: ['native'] },
      isNative: true,
      priceInUsd: prices.get(wrapped),
    }),
    liquidityUsd: liquidity.get(wrapped) ?? 0,
  }
  const tokens = erc20s.map((token) => {
    const record = buildTokenRecord({
      chainId,
      token,
      isNative: false,
      priceInUsd: prices.get(getAddress(token.address)),
    })
    return { record, liquidityUsd: liquidity.get(record.address) ?? 0 }
  })
  return [native, ...tokens.sort(compareTokenPopularity)]
}
