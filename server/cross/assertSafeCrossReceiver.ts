import { type Address, getAddress } from 'viem'
import type { ChainInfo } from '../chains/chainInfo'
import type { ChainDeployment } from '../chains/deployment'
import { AppError } from '../errors'
import { assertSafeRecipient } from '../quotes/assertSafeRecipient'
import type { CrossServices } from './crossServices'

/** Lower-case addresses of a deployment's contracts beyond single chain's list, built once per deployment. */
const contractsOf = new WeakMap<ChainDeployment, ReadonlyMap<string, string>>()

/** Every contract of the deployment a receiver could name by mistake: ours, the bridges', the exchanges'. */
function deploymentContracts(deployment: ChainDeployment): ReadonlyMap<string, string> {
  const known = contractsOf.get(deployment)
  if (known !== undefined) return known
  const { stargate, across, layerZero } = deployment
  const entries: [Address | undefined, string][] = [
    [deployment.multicall3, 'the Multicall3 contract'],
    [deployment.permit2, 'the Permit2 contract'],
    [deployment.liquidityRouter, "the liquidity network's router"],
    [deployment.liquidityEntry, 'our LiquidityEntry contract'],
    [deployment.gaslessSettlement, 'the gasless settlement contract'],
    ...Object.values(layerZero ?? {}).flatMap((value): [Address, string][] =>
      typeof value === 'string' ? [[value as Address, 'a LayerZero contract']] : [],
    ),
    [stargate?.tokenMessaging, "Stargate's token messaging"],
    [stargate?.creditMessaging, "Stargate's credit messaging"],
    [stargate?.entry, 'our StargateEntry contract'],
    [stargate?.composer, 'our StargateComposer contract'],
    ...(stargate?.pools ?? []).flatMap((p): [Address | undefined, string][] => [
      [p.pool, 'a Stargate pool'],
      [p.token, 'a token contract'],
      [p.feeLib, "a Stargate pool's fee library"],
    ]),
    [across?.spokePool, 'the Across SpokePool'],
    [across?.entry, 'our AcrossEntry contract'],
    [across?.handler, 'our AcrossHandler contract'],
    ...(across?.assets ?? []).map((a): [Address, string] => [a.token, 'a token contract']),
    ...deployment.exchanges.flatMap((e): [Address | undefined, string][] => [
      [e.factory, `the ${e.name} factory`],
      [e.router, `the ${e.name} router`],
      [e.quoter, `the ${e.name} quoter`],
      [e.positionManager, `the ${e.name} position manager`],
    ]),
  ]
  const contracts = new Map(
    entries.flatMap(([address, reason]): [string, string][] =>
      address === undefined ? [] : [[address.toLowerCase(), reason]],
    ),
  )
  contractsOf.set(deployment, contracts)
  return contracts
}

/**
 * Refuses a cross-chain receiver (or integrator fee recipient, on the source chain) that would lose what it
 * gets, by single chain's rule (`assertSafeRecipient`: the zero address, the Aggregator, token contracts,
 * pools) widened to every contract of the chain's deployment (the bridges' entries, composers, pools and
 * SpokePool, LayerZero, the exchanges) and to the liquidity network's current vault and router on that
 * chain (any family). Pools are checked once the chain's snapshot has been read. Throws AppError
 * INVALID_PARAMS (400) naming `param`, with `details: { param, address, reason }`.
 */
export async function assertSafeCrossReceiver(
  services: CrossServices,
  chain: ChainInfo,
  address: string,
  param: string,
): Promise<void> {
  const vaults = new Map<string, string>()
  const { thorchain } = services
  if (thorchain?.chainIds.includes(chain.id) === true) {
    // a network that does not answer cannot take the trade either; the router is on the deployment's list
    const inbound = await thorchain.inboundAddresses().catch(() => [])
    for (const a of inbound.filter((i) => i.chainId === chain.id)) {
      vaults.set(a.address.toLowerCase(), "the liquidity network's vault")
      if (a.router !== undefined) vaults.set(a.router.toLowerCase(), "the liquidity network's router")
    }
  }
  if (chain.family !== 'evm') {
    const reason = vaults.get(address.toLowerCase())
    if (reason !== undefined)
      throw new AppError('INVALID_PARAMS', `${param} ${address} is ${reason}: funds sent there are lost`, {
        details: { param, address, reason },
      })
    return
  }
  const market = services.markets.get(chain.id)
  let pools = true
  try {
    market.getSnapshot()
  } catch {
    // no snapshot yet: the pools are unknown (and no swap on this chain can be quoted either)
    pools = false
  }
  const also = new Map([...deploymentContracts(market.deployment), ...vaults])
  assertSafeRecipient(market, getAddress(address), param, { also, pools })
}
