import { type LocalAccount, parseGwei } from 'viem'
import { type LayerZeroPeerPricing, wireLayerZero } from '../../contracts/deploy/deployLayerZero'
import { sendStargateCredits, wireStargate } from '../../contracts/deploy/deployStargate'
import { createDevClient } from '../../contracts/deploy/devClient'
import type { ChainDeployment } from '../../server/chains/deployment'
import { relayUntilIdle } from '../layerZeroRelayer/relayUntilIdle'
import { getUsdPriceE18 } from '../prices'
import { getDevnetTokens } from '../tokens'

/** Gas prices the devnet's PriceFeeds quote for each chain (mainnet-like orders of magnitude), in wei. */
export const devnetBridgeGasPrices: Readonly<Record<number, bigint>> = {
  1: parseGwei('10'),
  10: parseGwei('0.05'),
  56: parseGwei('1'),
  137: parseGwei('50'),
  250: parseGwei('20'),
  8453: parseGwei('0.05'),
  42161: parseGwei('0.05'),
  43114: parseGwei('25'),
}

function pricingOf(chain: ChainDeployment): LayerZeroPeerPricing | undefined {
  if (!chain.layerZero) return undefined
  return {
    eid: chain.layerZero.eid,
    nativeUsdE18: getUsdPriceE18(getDevnetTokens(chain.chainId).nativePriceSymbol),
    gasPriceWei: devnetBridgeGasPrices[chain.chainId] ?? parseGwei('1'),
  }
}

/**
 * The cross-chain phase of a fresh devnet, once every chain is deployed (still before the snapshot): wires
 * LayerZero between all chains that have it (libraries, ULN and executor configs, prices), connects Stargate
 * (peers, gas, fees), has every chain's planner share its pools' credit with every other chain, and runs the
 * relayer until those credit messages are delivered, so a transfer in any direction can be delivered.
 */
export async function connectDevnetBridges(params: {
  chains: readonly ChainDeployment[]
  account: LocalAccount
  log?: (message: string) => void
}): Promise<void> {
  const bridged = params.chains.filter((c) => c.layerZero && c.stargate)
  const senderOf = (chain: ChainDeployment) => ({
    client: createDevClient({ rpcUrl: chain.rpcUrl, chainId: chain.chainId, account: params.account }),
    rpcUrl: chain.rpcUrl,
    account: params.account,
  })
  const remotesOf = (chain: ChainDeployment) => bridged.filter((c) => c.chainId !== chain.chainId)
  await Promise.all(
    bridged.map(async (chain) => {
      const local = chain.layerZero
      const localPricing = pricingOf(chain)
      const stargate = chain.stargate
      if (!local || !localPricing || !stargate) return
      const sender = senderOf(chain)
      const remotes = remotesOf(chain)
      await wireLayerZero(sender, {
        local,
        localPricing,
        remotes: remotes.flatMap((r) => {
          const pricing = pricingOf(r)
          return pricing ? [pricing] : []
        }),
      })
      await wireStargate(sender, {
        local: stargate,
        remotes: remotes.flatMap((r) =>
          r.layerZero && r.stargate ? [{ eid: r.layerZero.eid, stargate: r.stargate }] : [],
        ),
      })
    }),
  )
  await Promise.all(
    bridged.map(async (chain) => {
      if (!chain.layerZero || !chain.stargate) return
      await sendStargateCredits(senderOf(chain), {
        local: chain.stargate,
        localEid: chain.layerZero.eid,
        remotes: remotesOf(chain).flatMap((r) =>
          r.layerZero && r.stargate ? [{ eid: r.layerZero.eid, stargate: r.stargate }] : [],
        ),
      })
    }),
  )
  params.log?.(`devnet: LayerZero and Stargate wired between ${bridged.length} chains; delivering credits`)
  await relayUntilIdle({ deployments: params.chains, ...(params.log ? { log: params.log } : {}) })
}
