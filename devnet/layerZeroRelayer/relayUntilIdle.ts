import type { ChainDeployment } from '../../server/chains/deployment'
import { type CreateLayerZeroRelayerParams, createLayerZeroRelayer } from './createLayerZeroRelayer'

/** More passes than any chain of deliveries needs (a send, its compose, a reply): a loop guard. */
const maxPasses = 50

/**
 * Relays every LayerZero packet and compose sent on `deployments` (from each chain's startBlock) with no
 * delay and no saved state, pass after pass, until a pass finds nothing left to do. Used while the devnet
 * deploys (Stargate's credit messages must land before the snapshot) and by tests. The relayer account needs
 * native coin on every chain. Throws if packets are still pending after 50 passes or a step fails.
 */
export async function relayUntilIdle(params: {
  deployments: readonly ChainDeployment[]
  log?: (message: string) => void
  /** The gas each compose gets (see `createLayerZeroRelayer`'s `composeGasLimit`): a test makes composes fail. */
  composeGasLimit?: CreateLayerZeroRelayerParams['composeGasLimit']
}): Promise<void> {
  const relayer = createLayerZeroRelayer({
    deployments: params.deployments,
    ...(params.composeGasLimit ? { composeGasLimit: params.composeGasLimit } : {}),
    ...(params.log ? { log: params.log } : {}),
  })
  for (let pass = 0; pass < maxPasses; pass++) {
    const { steps, pending } = await relayer.runOnce()
    if (steps.length === 0 && pending === 0) return
    params.log?.(`layerzero relayer: ${steps.length} steps, ${pending} pending`)
  }
  throw new Error(`LayerZero packets still pending after ${maxPasses} relay passes`)
}
