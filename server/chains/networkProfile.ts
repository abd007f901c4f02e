import type { LocalAccount, PublicClient } from 'viem'
import type { createRouter } from '../openapi/createRouter'
import type { AddressNetwork } from './chainInfo'
import type { ChainDeployment } from './deployment'
import type { LiquidityNetworkConfig } from './liquidityNetworkConfig'

/** A route module the app mounts beside its own (built with `createRouter`). */
export type ProfileRoutes = ReturnType<typeof createRouter>

/**
 * The chains a server serves and how to follow them: the one seam between the server and whatever provides
 * its network. `loadNetworkProfile` reads it from NETWORK_CONFIG (real chains); the devnet package starts
 * local chains and returns the same shape (`devnet/startDevnetProfile.ts`). The server branches on nothing
 * else.
 */
export interface NetworkProfile {
  /** Shown in `/info` (`isDevnet` on every chain) and the start line. */
  kind: 'devnet' | 'network'
  deployments: readonly ChainDeployment[]
  /** Where THORNode's API and the UTXO nodes answer; undefined without a liquidity network. */
  liquidityNetwork: LiquidityNetworkConfig | undefined
  /**
   * The secp256k1 key of the THORChain account that registers memos for deposits paid without one (it pays the
   * network's fee); absent: deposits are built with their memo only.
   */
  memoRegistrarKey?: Uint8Array
  /** How UTXO addresses are written (`regtest` on local ledgers). */
  addressNetwork: AddressNetwork
  /** How closely the server follows the chains. */
  following: {
    /** Blocks on top before a trade's log counts. */
    tradeConfirmations: number
    tradePollMs: number
    crossFollowMs: number
    /** Whether a node missing the liveness read turns its chain's quotes 503 at once (real nodes). */
    watchLiveness: boolean
  }
  gasless: {
    /** The relayer's account; no gasless relayer without one. */
    account: LocalAccount | undefined
    intervalMs: number
    /** When a mined order is final (see `startGaslessRelayers`); default `gaslessLimits.confirmations`. */
    finality?: {
      confirmations: number
      finalAfterMs?: number
      finalBlock?: (chainId: number, client: Pick<PublicClient, 'getBlock'>) => Promise<bigint | undefined>
    }
    /**
     * Set when chains forgot everything of an earlier run: the orders of `chainIds` end (unexecuted ones fail
     * with `failureMsg`) and are never rechecked (see `abandonGaslessOrders`).
     */
    abandonEarlierOrders?: { failureMsg: string; chainIds: readonly number[] }
  }
  /** Route modules mounted beside the API (the devnet's manifest, faucet and wallet nodes). */
  routes: readonly ProfileRoutes[]
  /** Settles once the profile's background roles run; the server listens only after. */
  ready: Promise<void>
  /** Called once the server listens, with the origin the API answers on (the devnet opens its widget demo). */
  afterListen?: (api: { port: number; origin: string }) => Promise<void>
  /** Called synchronously as a shutdown begins, before anything is awaited. */
  beginClose?: () => void
  /** Stops what the profile started; called after the server's own services have stopped. */
  close(): Promise<void>
}
