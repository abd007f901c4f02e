import type { Address } from 'viem'
import {
  liquidityEntryAbi,
  liquidityEntryBytecode,
  liquidityRouterAbi,
  liquidityRouterBytecode,
} from '../artifacts/index'
import { deployBytecode } from './deployBytecode'
import type { DevClient } from './devClient'

/**
 * Deploys the liquidity network's EVM contracts: the router with THORChain's interface (`LiquidityRouter`)
 * and our entry that swaps to native and deposits through it in one transaction
 * (`LiquidityEntry(aggregator, router)`). Uses two nonces.
 */
export async function deployLiquidityNetworkContracts(
  client: DevClient,
  { aggregator }: { aggregator: Address },
): Promise<{ liquidityRouter: Address; liquidityEntry: Address }> {
  const liquidityRouter = await deployBytecode(client, {
    abi: liquidityRouterAbi,
    bytecode: liquidityRouterBytecode,
    args: [],
  })
  const liquidityEntry = await deployBytecode(client, {
    abi: liquidityEntryAbi,
    bytecode: liquidityEntryBytecode,
    args: [aggregator, liquidityRouter],
  })
  return { liquidityRouter, liquidityEntry }
}
