import { getChainInfo } from '../../chains/chainInfo'
import { AppError } from '../../errors'
import type { ThornodeInboundAddress } from './createThornodeClient'
import type { ThorchainContext } from './thorchainContext'

/**
 * Confirms THORNode's inbound vault (and router) on `chainId` with the second source the configuration names
 * (`context.inboundCheck`, `thornodeCheckUrl`) before a deposit is built: both must name the same vault and router
 * (EVM addresses in any letter case, other chains' exactly). Does nothing without a second source. Throws AppError
 * UPSTREAM_REFUSED (502) when the sources disagree or the second lists no vault there, and what the second
 * source's client throws (UPSTREAM_UNAVAILABLE when it does not answer: no deposit is built unconfirmed).
 */
export async function assertInboundConfirmed(
  context: Pick<ThorchainContext, 'inboundCheck'>,
  chainId: number,
  inbound: ThornodeInboundAddress,
  signal?: AbortSignal,
): Promise<void> {
  if (context.inboundCheck === undefined) return
  const check = (await context.inboundCheck.inboundAddresses(signal)).find((a) => a.chain === inbound.chain)
  const same = (a: string | undefined, b: string | undefined) =>
    getChainInfo(chainId)?.family === 'evm' ? a?.toLowerCase() === b?.toLowerCase() : a === b
  if (check !== undefined && same(check.address, inbound.address) && same(check.router, inbound.router))
    return
  throw new AppError(
    'UPSTREAM_REFUSED',
    `The liquidity network's two sources disagree on the vault of chain ${chainId}: no deposit is built`,
    {
      details: {
        chainId,
        vault: inbound.address,
        checkVault: check?.address ?? null,
        ...(inbound.router === undefined && check?.router === undefined
          ? {}
          : { router: inbound.router ?? null, checkRouter: check?.router ?? null }),
      },
    },
  )
}
