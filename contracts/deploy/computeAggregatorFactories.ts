import { poolKinds } from '../../server/poolKinds/poolKinds'
import { DeployError } from './DeployError'
import type { AggregatorFactoryConfig } from './deployAggregator'
import { encodeV4EntryParams } from './encodeV4EntryParams'
import type { DeployChainConfig } from './parseDeployConfig'

/** What the allowlist needs of an exchange: a deploy config's, or a deployment's `ExchangeInfo`. */
export type AllowlistedExchange = Omit<DeployChainConfig['exchanges'][number], 'v4'> & {
  v4?: { entries: readonly { tickSpacing: number; native: boolean; factoryId: number }[] } | undefined
}

/**
 * The Aggregator's constructor allowlist for a chain's exchanges, each entry at the index its exchange names
 * (`aggregatorFactoryId`, or each V4 entry's `factoryId`): a V4 manager one entry per tick spacing and nativeness,
 * an Algebra exchange its pool deployer, V2 its fee (30 bps unless given). Throws `DeployError` when two entries
 * claim one index or an index is left empty (the ids must be 0..n-1).
 */
export function computeAggregatorFactories(chain: {
  chainId: number
  exchanges: readonly AllowlistedExchange[]
}): AggregatorFactoryConfig[] {
  const byId = new Map<number, AggregatorFactoryConfig & { exchange: string }>()
  const put = (id: number, entry: AggregatorFactoryConfig & { exchange: string }) => {
    const taken = byId.get(id)
    if (taken)
      throw new DeployError(
        `chain ${chain.chainId}: Aggregator factory id ${id} is claimed by ${taken.exchange} and ${entry.exchange}`,
      )
    byId.set(id, entry)
  }
  for (const e of chain.exchanges) {
    const kind = poolKinds[e.kind].contractKind
    if (e.kind === 'uniswap-v4') {
      if (!e.v4)
        throw new DeployError(`chain ${chain.chainId}: exchange ${e.id} (uniswap-v4) needs v4.entries`)
      for (const entry of e.v4.entries) {
        put(entry.factoryId, {
          exchange: e.id,
          factory: e.factory,
          initCodeHash: encodeV4EntryParams(entry),
          kind,
          v2FeeBps: 0,
        })
      }
    } else {
      if (e.kind === 'algebra-integral' && !e.poolDeployer)
        throw new DeployError(
          `chain ${chain.chainId}: exchange ${e.id} (algebra-integral) needs poolDeployer`,
        )
      put(e.aggregatorFactoryId, {
        exchange: e.id,
        // an Algebra entry names the pool deployer, which CREATE2s the pools
        factory: e.poolDeployer ?? e.factory,
        initCodeHash: e.initCodeHash,
        kind,
        v2FeeBps: e.kind === 'uniswap-v2' ? (e.v2FeeBps ?? 30) : 0,
      })
    }
  }
  return Array.from({ length: byId.size }, (_, id) => {
    const entry = byId.get(id)
    if (!entry)
      throw new DeployError(
        `chain ${chain.chainId}: Aggregator factory ids must be 0..${byId.size - 1}, and ${id} is missing`,
      )
    return {
      factory: entry.factory,
      initCodeHash: entry.initCodeHash,
      kind: entry.kind,
      v2FeeBps: entry.v2FeeBps,
    }
  })
}
