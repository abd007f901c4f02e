import type { Address } from 'viem'
import { chainInfos, getChainInfo } from '../../chains/chainInfo'
import type { ChainDeployment } from '../../chains/deployment'
import { createRecentValue } from '../../createRecentValue'
import type { Markets } from '../../market/createMarkets'
import type { CrossChainProvider } from '../types'
import { assertPinnedRouter } from './assertPinnedRouter'
import { buildThorchainTransaction } from './buildThorchainTransaction'
import type { MemoRegistrar } from './createMemoRegistrar'
import type { ThorchainTxClient, ThornodeClient } from './createThornodeClient'
import { getThorchainInboundAddresses } from './getThorchainInboundAddresses'
import { getThorchainUsdPrice } from './getThorchainUsdPrice'
import { quoteThorchain } from './quoteThorchain'
import { servesThorchainPair } from './servesThorchainPair'
import { chainIdOfThorChain } from './thorchainAssets'
import type { ThorchainContext } from './thorchainContext'
import { toThorchainDeposit } from './toThorchainDeposit'
import { trackThorchainTransfer } from './trackThorchainTransfer'

/** Midgard's actions read per round of the deposit finder (its most per page). */
const DEPOSIT_ACTIONS_PER_READ = 50

/** How long the pools read for USD prices serve quotes before they are read again. */
const POOL_PRICES_MAX_AGE_MS = 2_000

/** Every chain the liquidity network may serve: those with a network name (`thorChain`) in `chainInfo`. */
const networkChainIds: readonly number[] = chainInfos.flatMap((c) =>
  c.thorChain === undefined ? [] : [c.id],
)

/** The liquidity-network provider as the rest of the server sees it: a provider plus its vaults. */
export interface ThorchainProvider extends CrossChainProvider {
  /** The network's inbound vault (and router on EVM chains) per served chain. */
  inboundAddresses(): Promise<{ chainId: number; address: string; router?: string; halted: boolean }[]>
  /**
   * USD price of the native coin of `chainId` by the network's pools (`priceThorAssetsUsd`), with the USD
   * prices the caller knows of EVM native coins (`knownUsd` by chain id); undefined when unknown.
   */
  usdPriceOf(chainId: number, knownUsd: (chainId: number) => number | undefined): Promise<number | undefined>
}

/**
 * The cross-chain provider for trades through a THORChain-compatible liquidity network (UTXO and Cosmos
 * assets, and the native coins of the EVM chains it serves), speaking THORNode's HTTP API through `client`,
 * so it serves the devnet's network and a real THORNode alike. It quotes with THORNode's own swap quote (the
 * memo pays `expected_amount_out` to the receiver, with the slippage as the memo's limit); the transaction is
 * a payment of the input to the network's inbound vault with that memo (an OP_RETURN on UTXO chains, a `MsgSend`
 * with the memo on Cosmos chains, the router's `depositWithExpiry` with the quote's expiry on EVM chains); it tracks a trade by its inbound transaction. Directions are
 * those of the spec's table: EVM to UTXO/Cosmos, UTXO/Cosmos to an EVM chain's native coin, UTXO/Cosmos
 * between themselves. An ERC-20 source on an EVM chain whose deployment has our `LiquidityEntry` (with the
 * chain's `markets`) is swapped to the native coin along one path and deposited in the same transaction
 * (`swapAndDeposit`, approval to the entry); the network quotes the native amount that path pays. The parts:
 * `quoteThorchain`, `buildThorchainTransaction`, `trackThorchainTransfer`, `getThorchainUsdPrice`,
 * `getThorchainInboundAddresses`, over one `ThorchainContext`; what counts as ours is `toOurThorchainSwap`.
 * THORNode is trusted only as far as the configuration allows: its routers must be the pinned ones (an answer
 * naming another is refused, 502 UPSTREAM_REFUSED), and with `inboundCheck` a deposit's vault must agree with
 * that second source.
 */
export function createThorchainProvider(params: {
  client: ThornodeClient
  /**
   * Chains the network serves. Absent: the chains its inbound addresses list, read on first use (quote, track,
   * build, inbound addresses) and kept once read; until then every chain with a network name, so a THORNode that
   * is slow at the server's start leaves the provider mounted and its paths answer THORNode's outage (503).
   */
  chainIds?: readonly number[]
  /** EVM deployments (`liquidityEntry`, wrapped native) and their pool snapshots, for ERC-20 sources. */
  deployments?: readonly ChainDeployment[]
  markets?: Markets
  /**
   * The network's router per EVM chain, pinned: an inbound answer naming another is refused, and a deposit from an
   * EVM chain is built only through its pinned router. Default: each deployment's `liquidityRouter`.
   */
  pinnedRouters?: ReadonlyMap<number, Address>
  /** A second source of the inbound addresses (`thornodeCheckUrl`): a deposit is built only when both agree. */
  inboundCheck?: Pick<ThornodeClient, 'inboundAddresses'>
  /**
   * Deposits from UTXO chains paid without a memo: the registrar of their memos and THORNode's reading of an
   * amount's reference (`client` itself in the server). Absent: only deposits with the memo are built.
   */
  memoless?: { registrar: MemoRegistrar; client: Pick<ThorchainTxClient, 'referenceCheck'> }
  now?: () => number
}): ThorchainProvider {
  const { client } = params
  const pinnedRouters =
    params.pinnedRouters ??
    new Map(
      (params.deployments ?? []).flatMap((d) =>
        d.liquidityRouter === undefined ? [] : [[d.chainId, d.liquidityRouter] as const],
      ),
    )
  let served = params.chainIds
  const chains = () => served ?? networkChainIds
  const context: ThorchainContext = {
    client,
    deployments: params.deployments,
    markets: params.markets,
    now: params.now ?? (() => Math.floor(Date.now() / 1000)),
    chains,
    chainsKnown: () => served !== undefined,
    pinnedRouters,
    inboundCheck: params.inboundCheck,
    readInbound: async (signal) => {
      const list = await client.inboundAddresses(signal)
      // a node naming another router than a pinned one is spoofed or out of date: none of its answer is used
      for (const a of list) {
        const id = chainIdOfThorChain(a.chain)
        if (
          id !== undefined &&
          a.router !== undefined &&
          pinnedRouters.has(id) &&
          getChainInfo(id)?.family === 'evm'
        )
          assertPinnedRouter(id, a.router, pinnedRouters)
      }
      served ??= list.flatMap((a) => {
        const id = chainIdOfThorChain(a.chain)
        return id === undefined ? [] : [id]
      })
      return list
    },
    // USD prices only (never a settlement amount): pool depths a moment old serve every quote of that moment
    pricingPools: createRecentValue(() => client.pools(), POOL_PRICES_MAX_AGE_MS),
    memoless: params.memoless,
  }
  return {
    id: 'thorchain',
    tradeProtocol: 'CROSS_CHAIN_THORCHAIN',
    contractVersion: 'v4',
    flow: 'utxo',
    info: {
      name: 'THORChain',
      logo: '/providers/thorchain.svg',
      website: 'https://thorchain.org',
      docsLink: 'https://dev.thorchain.org',
      description:
        'A cross-chain liquidity network: native assets swap through RUNE pools and are paid out by its vaults, no wrapped tokens.',
    },
    get chainIds() {
      return chains()
    },
    serves: (sourceChainId, destinationChainId) =>
      servesThorchainPair(chains(), sourceChainId, destinationChainId),
    quote: (request, { signal }) => quoteThorchain(context, request, signal),
    memoless: params.memoless !== undefined,
    buildTransaction: (quote, options) =>
      buildThorchainTransaction(context, quote, options?.memoless === true ? { memoless: true } : {}),
    // one lookup of THORNode's whatever the hint says: the network's EVM chains need not be chains we hold
    track: (originTxHash) => trackThorchainTransfer(context, originTxHash),
    async findDeposits() {
      if (!context.chainsKnown()) await context.readInbound()
      const actions = await client.actions(DEPOSIT_ACTIONS_PER_READ)
      return actions.flatMap((action) => toThorchainDeposit(action, chains()) ?? [])
    },
    usdPriceOf: (chainId, knownUsd) => getThorchainUsdPrice(context, chainId, knownUsd),
    inboundAddresses: () => getThorchainInboundAddresses(context),
  }
}
