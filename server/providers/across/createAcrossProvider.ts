import { getEvmChainInfo } from '../../chains/chainInfo'
import type { ChainDeployment } from '../../chains/deployment'
import type { Markets } from '../../market/createMarkets'
import { computeTrackFromBlock } from '../computeTrackFromBlock'
import type { CrossChainProvider } from '../types'
import type { AcrossContext } from './acrossContext'
import { buildAcrossTransaction } from './buildAcrossTransaction'
import { findAcrossSent } from './findAcrossSent'
import { quoteAcross } from './quoteAcross'
import { trackAcrossTransfer } from './trackAcrossTransfer'

/**
 * The cross-chain provider over Across (an intent bridge): the sender deposits into the origin SpokePool
 * (`depositV3`) and a relayer pays the quoted output from its own inventory on the destination within the fill
 * deadline, so the output is exact; a deposit nobody fills is refunded to the sender on the origin. The
 * deposit goes through our AcrossEntry, which swaps any token the origin's Aggregator routes to an Across
 * asset (one path, quoted to the wei), takes the integrator's fee, deposits a fixed amount with the sender as
 * depositor and returns the swap's excess; its events give the trade watcher the send (`findSent`). When the
 * requested token is not the bridged one, the deposit names our AcrossHandler as recipient and a
 * `DestinationSwap` as message (swap with min-out and deadline, else the bridged token). The quote states the
 * relayer fee (`acrossRelayerFeeBps`), the output and the fill time (the two chains' block times, offered only
 * while a relayer's inventory on the destination covers the output); `nativeFee` is 0: the relayer is paid out
 * of the input. Exact output is quoted for any such input, never through a destination swap. Tracks only trades
 * of ours (our AcrossEntry's `AcrossSwapDeposited` in the receipt) by their FundsDeposited, the destination's
 * FilledRelay and, past the deadline, the origin's refund. The parts: `quoteAcross`, `buildAcrossTransaction`,
 * `findAcrossSent`, `trackAcrossTransfer`, over one `AcrossContext`.
 */
export function createAcrossProvider(params: {
  deployments: readonly ChainDeployment[]
  markets: Markets
  /** Unix seconds. */
  now?: () => number
}): CrossChainProvider {
  const { markets } = params
  const served = params.deployments.filter((d) => d.across !== undefined)
  const deploymentOf = (chainId: number) => served.find((d) => d.chainId === chainId)
  const context: AcrossContext = {
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
  }
  return {
    id: 'across',
    tradeProtocol: 'CROSS_CHAIN_ACROSS',
    contractVersion: 'v3',
    flow: 'crossChain',
    exactOut: true,
    integratorFee: true,
    info: {
      name: 'Across',
      logo: '/providers/across.svg',
      website: 'https://across.to',
      docsLink: 'https://docs.across.to',
      description:
        'An intent bridge: a relayer pays the exact quoted amount on the destination from its own funds within seconds and is repaid from the deposit; an unfilled deposit is refunded.',
    },
    chainIds: served.map((d) => d.chainId),
    serves: (a, b) => a !== b && deploymentOf(a) !== undefined && deploymentOf(b) !== undefined,
    quote: (request) => quoteAcross(context, request),
    buildTransaction: (quote, options) => buildAcrossTransaction(context, quote, options),
    findSent: (range) => findAcrossSent(context, range),
    track: (originTxHash, hint) => trackAcrossTransfer(context, originTxHash, hint),
  }
}
