import type { Markets } from '../market/createMarkets'
import { listAdoptedTokens } from '../store/adoptedTokens'
import type { Db } from '../store/db'
import { adoptedTokenTags } from './createTokenAdopter'

/**
 * Adopts again in `markets` the tokens imported before (recorded by `createTokenAdopter`): call it before
 * `markets.start()`, so each chain's first load finds their pools among the factories' creation logs as it
 * finds the listed tokens' (every pool between followed tokens, the shallow ones too). Tokens of chains the
 * server no longer serves are skipped. Returns how many were adopted.
 */
export async function restoreAdoptedTokens(deps: { markets: Markets; db: Db }): Promise<number> {
  const served = new Set(deps.markets.all().map((m) => m.chainId))
  let adopted = 0
  for (const row of await listAdoptedTokens(deps.db)) {
    if (!served.has(row.chainId)) continue
    const { chainId: _chainId, ...facts } = row
    deps.markets.get(row.chainId).adoptToken({ ...facts, tags: [...adoptedTokenTags] })
    adopted += 1
  }
  return adopted
}
