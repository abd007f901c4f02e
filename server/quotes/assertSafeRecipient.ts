import { type Address, zeroAddress } from 'viem'
import { AppError } from '../errors'
import type { ChainMarket } from '../market/createChainMarket'

/**
 * Refuses an address that would burn what it receives or hand it to a pool: the zero address, the
 * Aggregator, a token contract of the chain (the wrapped native included), any pool of the chain's
 * snapshot, or one of `options.also` (lower-case address to reason: the cross-chain providers' contracts and
 * vaults). `options.pools: false` leaves out the pools (a cross-chain destination whose snapshot is not read
 * yet). Throws AppError INVALID_PARAMS (400) naming `field`, with `details: { param, address, reason }`.
 */
export function assertSafeRecipient(
  market: ChainMarket,
  address: Address,
  field: string,
  options: { also?: ReadonlyMap<string, string>; pools?: boolean } = {},
): void {
  const reason =
    options.also?.get(address.toLowerCase()) ?? unsafeReason(market, address, options.pools ?? true)
  if (reason === undefined) return
  throw new AppError('INVALID_PARAMS', `${field} ${address} is ${reason}: funds sent there are lost`, {
    details: { param: field, address, reason },
  })
}

/** Lower-case addresses of a chain's contracts that must not receive, built once per deployment. */
const contractsOf = new WeakMap<ChainMarket['deployment'], ReadonlyMap<string, string>>()
/** Lower-case pool addresses, built once per snapshot's pool list. */
const poolsOf = new WeakMap<readonly { address: Address }[], ReadonlySet<string>>()

function unsafeReason(market: ChainMarket, address: Address, pools: boolean): string | undefined {
  const { deployment } = market
  let contracts = contractsOf.get(deployment)
  if (!contracts) {
    contracts = new Map([
      ...deployment.tokens.map((t): [string, string] => [t.address.toLowerCase(), 'a token contract']),
      [deployment.wrappedNative.toLowerCase(), 'the wrapped native token contract'],
      [deployment.aggregator.toLowerCase(), 'the Aggregator'],
      [zeroAddress, 'the zero address'],
      // a V4 PoolManager holds every pool's tokens: what is sent there is anyone's to take
      ...deployment.exchanges.map((e): [string, string] => [
        e.factory.toLowerCase(),
        `the ${e.name} factory`,
      ]),
      ...deployment.exchanges.flatMap((e): [string, string][] =>
        e.poolDeployer ? [[e.poolDeployer.toLowerCase(), `the ${e.name} pool deployer`]] : [],
      ),
    ])
    contractsOf.set(deployment, contracts)
  }
  const key = address.toLowerCase()
  const contract =
    contracts.get(key) ??
    // a token imported by address is a token contract too (the listed ones are in `contracts`)
    (market.findToken(address) !== undefined ? 'a token contract' : undefined)
  if (contract !== undefined || !pools) return contract
  const snapshotPools = market.getSnapshot().pools
  let poolKeys = poolsOf.get(snapshotPools)
  if (!poolKeys) {
    poolKeys = new Set(snapshotPools.map((p) => p.address.toLowerCase()))
    poolsOf.set(snapshotPools, poolKeys)
  }
  return poolKeys.has(key) ? 'a pool' : undefined
}
