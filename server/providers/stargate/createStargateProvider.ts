import { getEvmChainInfo } from '../../chains/chainInfo'
import type { ChainDeployment } from '../../chains/deployment'
import type { Markets } from '../../market/createMarkets'
import { computeTrackFromBlock } from '../computeTrackFromBlock'
import type { CrossChainProvider } from '../types'
import { buildStargateRetry } from './buildStargateRetry'
import { buildStargateTransaction } from './buildStargateTransaction'
import { createSharedDecimalsReader } from './createSharedDecimalsReader'
import { findStargateSent } from './findStargateSent'
import { quoteStargate } from './quoteStargate'
import type { StargateContext } from './stargateContext'
import { trackStargateTransfer } from './trackStargateTransfer'

/**
 * The cross-chain provider over Stargate V2 (LayerZero V2) between EVM chains, through our contracts: on the
 * origin, `StargateEntry.swapAndSend` swaps the input to a Stargate pool's asset when needed (one path through
 * the Aggregator) and sends it in one transaction; on the destination, our `StargateComposer` receives it
 * through `lzCompose` and swaps it to the requested token (min-out and deadline; else it pays the bridged
 * asset). Quotes come from the pools themselves (`quoteOFT` for what arrives, `quoteSend` for the native fee,
 * compose gas included) and from the two chains' pool snapshots; addresses from the chain deployments only.
 * Tracks a trade by the origin transaction's `CrossSwapSent` and the destination's compose or OFT events, and
 * offers the `lzCompose` retry of a compose that reverted. The parts: `quoteStargate`, `buildStargateTransaction`,
 * `findStargateSent`, `trackStargateTransfer`, `buildStargateRetry`, over one `StargateContext`.
 */
export function createStargateProvider(params: {
  deployments: readonly ChainDeployment[]
  markets: Markets
  /** Unix seconds. */
  now?: () => number
}): CrossChainProvider {
  const { deployments, markets } = params
  const served = deployments.filter((d) => d.stargate !== undefined && d.layerZero !== undefined)
  const deploymentOf = (chainId: number) => served.find((d) => d.chainId === chainId)
  const context: StargateContext = {
    markets,
    now: params.now ?? (() => Math.floor(Date.now() / 1000)),
    served,
    deploymentOf,
    trackFromBlock: (chainId, earliestBlock) =>
      computeTrackFromBlock({
        earliestBlock,
        headBlock: markets.get(chainId).getSnapshot().blockNumber,
        blockTimeMs: getEvmChainInfo(chainId)?.blockTimeMs ?? 12_000,
      }),
    readSharedDecimals: createSharedDecimalsReader(markets),
  }
  return {
    id: 'stargate',
    tradeProtocol: 'CROSS_CHAIN_STARGATE',
    contractVersion: 'v2',
    flow: 'crossChain',
    // an exact output of a pooled asset: the entry sends exactly what the pool's fee turns into it
    exactOut: true,
    integratorFee: true,
    info: {
      name: 'Stargate',
      logo: '/providers/stargate.svg',
      website: 'https://stargate.finance',
      docsLink: 'https://stargateprotocol.gitbook.io/stargate/v2-user-docs',
      description:
        'A liquidity bridge over LayerZero: the bridged asset leaves a pool on one chain and arrives from its pool on the other, swapped on both sides by our contracts.',
    },
    chainIds: served.map((d) => d.chainId),
    serves: (a, b) => a !== b && deploymentOf(a) !== undefined && deploymentOf(b) !== undefined,
    quote: (request) => quoteStargate(context, request),
    buildTransaction: (quote, options) => buildStargateTransaction(context, quote, options),
    findSent: (range) => findStargateSent(context, range),
    track: (originTxHash, hint) => trackStargateTransfer(context, originTxHash, hint),
    buildRetry: (originTxHash) => buildStargateRetry(context, originTxHash),
  }
}
