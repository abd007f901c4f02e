import { type Address, isAddress, isAddressEqual } from 'viem'
import { AppError } from '../../errors'

/**
 * The router THORNode names on EVM chain `chainId`, checked against the one the configuration pins there
 * (`pinnedRouters`, from each deployment's `liquidityRouter`): a deposit goes through the pinned router only, so a
 * spoofed or misconfigured THORNode cannot redirect it. Returns the pinned address. Throws AppError
 * UPSTREAM_REFUSED (502) when THORNode names another router or one where none is pinned, UPSTREAM_UNAVAILABLE
 * when it names none. Pure.
 */
export function assertPinnedRouter(
  chainId: number,
  router: string | undefined,
  pinnedRouters: ReadonlyMap<number, Address>,
): Address {
  if (router === undefined)
    throw new AppError('UPSTREAM_UNAVAILABLE', 'The liquidity network has no router on this chain', {
      details: { chainId },
    })
  const pinned = pinnedRouters.get(chainId)
  if (pinned === undefined)
    throw new AppError(
      'UPSTREAM_REFUSED',
      `THORNode names router ${router} on chain ${chainId}, where the configuration pins none: no deposit is built through it`,
      { details: { chainId, router } },
    )
  if (!isAddress(router, { strict: false }) || !isAddressEqual(router, pinned))
    throw new AppError(
      'UPSTREAM_REFUSED',
      `THORNode names router ${router} on chain ${chainId}, not the pinned ${pinned}: its answer is refused`,
      { details: { chainId, router, pinned } },
    )
  return pinned
}
