import { hc } from 'hono/client'
import type { DevnetCosmosAppType } from '../../devnet/routes/createDevnetCosmosRoutes'
import type { DevnetAppType } from '../../devnet/routes/createDevnetRoutes'
import type { DevnetUtxoAppType } from '../../devnet/routes/createDevnetUtxoRoutes'
import type { AppType } from '../../server/app'

export interface ApiRequestParams {
  /** API origin; the page's own origin when undefined. */
  baseUrl?: string | undefined
  signal?: AbortSignal | undefined
}

/** The API origin: `baseUrl` when given, else the page's own origin. */
export function getBaseUrl(baseUrl: string | undefined): string {
  return baseUrl ?? window.location.origin
}

/**
 * Hono's typed client for the API (type-only import of the server's `AppType`): paths, query, body and answers
 * are checked against the server's route definitions. `baseUrl` defaults to the page's origin.
 */
export function createApiClient(baseUrl?: string | undefined) {
  return hc<AppType>(getBaseUrl(baseUrl))
}

/** The typed client of the devnet-only routes (`/devnet/*`), mounted when the server runs its own devnet. */
export function createDevnetApiClient(baseUrl?: string | undefined) {
  return hc<DevnetAppType>(getBaseUrl(baseUrl))
}

/** The API client's type, for deriving answer types with `InferResponseType`. */
export type ApiClient = ReturnType<typeof createApiClient>

/** The typed client of the devnet UTXO wallet's routes (`/devnet/utxo/*`), mounted with the devnet's liquidity network. */
export function createDevnetUtxoApiClient(baseUrl?: string | undefined) {
  return hc<DevnetUtxoAppType>(getBaseUrl(baseUrl))
}

/** The typed client of the devnet Cosmos wallet's routes (`/devnet/cosmos/*`), mounted with the devnet's liquidity network. */
export function createDevnetCosmosApiClient(baseUrl?: string | undefined) {
  return hc<DevnetCosmosAppType>(getBaseUrl(baseUrl))
}
