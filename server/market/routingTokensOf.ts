import type { TokenInfo } from '../chains/deployment'
import type { FindBestRouteParams } from '../routing'
import type { ChainMarket } from './createChainMarket'

/** The token lists of a routing request. */
export type RoutingTokens = Required<Pick<FindBestRouteParams, 'connectors' | 'tokens'>>

const routingTokens = new WeakMap<readonly TokenInfo[], WeakMap<readonly TokenInfo[], RoutingTokens>>()

/**
 * What routing needs of a market's tokens, built once per pair of lists (listed, imported): the connectors
 * (stable, major and wrapped native tokens of the list), the taxed tokens and the tokens imported by address
 * (traded, never routed through); the rest would only weigh on the message to a routing worker.
 */
export function routingTokensOf(
  market: Pick<ChainMarket, 'deployment' | 'listAdoptedTokens'>,
): RoutingTokens {
  const listed = market.deployment.tokens
  const adopted = market.listAdoptedTokens()
  let byAdopted = routingTokens.get(listed)
  if (!byAdopted) {
    byAdopted = new WeakMap()
    routingTokens.set(listed, byAdopted)
  }
  let found = byAdopted.get(adopted)
  if (!found) {
    found = {
      connectors: listed
        .filter((t) => t.tags.some((tag) => tag === 'stable' || tag === 'major' || tag === 'wrapped-native'))
        .map((t) => t.address),
      tokens: [
        ...listed
          .filter((t) => (t.transferFeeBps ?? 0) > 0)
          .map((t) => ({ address: t.address, transferFeeBps: t.transferFeeBps ?? 0 })),
        ...adopted.map((t) => ({ address: t.address, unverified: true })),
      ],
    }
    byAdopted.set(adopted, found)
  }
  return found
}
