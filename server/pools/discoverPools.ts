import { type Address, getAddress, type PublicClient } from 'viem'
import type { ChainDeployment } from '../chains/deployment'
import { v2FactoryAbi, v3FactoryAbi } from './poolAbis'
import type { PoolDescriptor } from './poolDescriptor'

export interface DiscoverPoolsParams {
  deployment: ChainDeployment
  fromBlock: bigint
  toBlock: bigint
}

/**
 * Lists the pools that every exchange's factory created in `[fromBlock, toBlock]`, from the
 * factories' creation events, keeping only pools whose two tokens are in the chain's token list
 * (unknown tokens are never routed through). Throws whatever the RPC throws.
 */
export async function discoverPools(
  client: PublicClient,
  { deployment, fromBlock, toBlock }: DiscoverPoolsParams,
): Promise<PoolDescriptor[]> {
  if (fromBlock > toBlock) return []
  const known = new Set(deployment.tokens.map((t) => getAddress(t.address)))
  const isKnown = (a: Address) => known.has(getAddress(a))

  const perExchange = await Promise.all(
    deployment.exchanges.map(async (exchange): Promise<PoolDescriptor[]> => {
      if (exchange.kind === 'uniswap-v2') {
        const logs = await client.getContractEvents({
          address: exchange.factory,
          abi: v2FactoryAbi,
          eventName: 'PairCreated',
          fromBlock,
          toBlock,
          strict: true,
        })
        return logs
          .filter((l) => isKnown(l.args.token0) && isKnown(l.args.token1))
          .map((l) => ({
            kind: 'v2',
            address: getAddress(l.args.pair),
            exchangeId: exchange.id,
            factoryId: exchange.aggregatorFactoryId,
            token0: getAddress(l.args.token0),
            token1: getAddress(l.args.token1),
            feeBps: exchange.v2FeeBps ?? 30,
          }))
      }
      const logs = await client.getContractEvents({
        address: exchange.factory,
        abi: v3FactoryAbi,
        eventName: 'PoolCreated',
        fromBlock,
        toBlock,
        strict: true,
      })
      return logs
        .filter((l) => isKnown(l.args.token0) && isKnown(l.args.token1))
        .map((l) => ({
          kind: 'v3',
          address: getAddress(l.args.pool),
          exchangeId: exchange.id,
          factoryId: exchange.aggregatorFactoryId,
          token0: getAddress(l.args.token0),
          token1: getAddress(l.args.token1),
          fee: l.args.fee,
          tickSpacing: l.args.tickSpacing,
        }))
    }),
  )
  return perExchange.flat()
}
