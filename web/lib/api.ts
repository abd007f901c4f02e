import { queryOptions, useQuery } from '@tanstack/react-query'
import { hc } from 'hono/client'
import type { AppType, DevnetAppType } from '../../server/app'

/*
 * Requests go through hono's typed `hc` client (type-only import of the server's AppType), so paths, query
 * and body are checked against the server. The records are the server's own types (type-only imports):
 * their addresses are viem `Address` (`0x${string}`), checksummed by the server.
 */

export type HexAddress = `0x${string}`

import type { ChainRecord } from '../../server/chains/getChainRecord'
import type { TokenRecord } from '../../server/tokens/buildTokenRecord'

export type { ChainRecord, TokenRecord }

export interface FaucetRequest {
  address: HexAddress
  chainId?: number
}

/** Error returned by the API, carrying the stable error code (`UNSUPPORTED_CHAIN`, ...) and request id. */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly statusCode: number
  readonly code: string
  readonly requestId: string | undefined

  constructor(params: { statusCode: number; code: string; message: string; requestId?: string | undefined }) {
    super(params.message)
    this.statusCode = params.statusCode
    this.code = params.code
    this.requestId = params.requestId
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown
  try {
    body = await response.json()
  } catch (_error: unknown) {
    body = undefined
  }
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined
  return new ApiError({
    statusCode: response.status,
    code: typeof error?.code === 'string' ? error.code : 'HTTP_ERROR',
    message: isRecord(body) && typeof body.message === 'string' ? body.message : `HTTP ${response.status}`,
    requestId: isRecord(body) && typeof body.requestId === 'string' ? body.requestId : undefined,
  })
}

export interface ApiRequestParams {
  /** API origin; the page's own origin when undefined. */
  baseUrl?: string | undefined
  signal?: AbortSignal | undefined
}

/** The API origin: `baseUrl` when given, else the page's own origin. */
export function getBaseUrl(baseUrl: string | undefined): string {
  return baseUrl ?? window.location.origin
}

/** Parses a successful JSON answer as `T`; throws `ApiError` (code, message, request id) on a non-2xx one. */
export async function readJson<T>(response: Response): Promise<T> {
  if (!response.ok) throw await toApiError(response)
  return (await response.json()) as T
}

/** Lists the chains the server supports (`GET /trade/v1/info/chains`). Throws `ApiError` on a non-2xx answer. */
export async function fetchChains(params: ApiRequestParams = {}): Promise<ChainRecord[]> {
  const client = hc<AppType>(getBaseUrl(params.baseUrl))
  return readJson<ChainRecord[]>(
    await client.trade.v1.info.chains.$get(undefined, { init: { signal: params.signal ?? null } }),
  )
}

/** Lists a chain's popular tokens, native first (`GET /v1/info/token/popular`). Throws `ApiError`. */
export async function fetchPopularTokens(
  params: ApiRequestParams & { chainId: number },
): Promise<TokenRecord[]> {
  const client = hc<AppType>(getBaseUrl(params.baseUrl))
  const response = await client.v1.info.token.popular.$get(
    { query: { chainId: String(params.chainId) } },
    { init: { signal: params.signal ?? null } },
  )
  return readJson<TokenRecord[]>(response)
}

export interface FaucetResult {
  address: HexAddress
  /** What was sent: `token` is the zero address for the native coin, `amount` a decimal string of base units. */
  funded: { chainId: number; token: HexAddress; symbol: string; amount: string }[]
}

/** Asks the devnet faucet to fund `address` on one or all chains (`POST /devnet/faucet`). Throws `ApiError`. */
export async function requestFaucet(params: ApiRequestParams & FaucetRequest): Promise<FaucetResult> {
  const client = hc<DevnetAppType>(getBaseUrl(params.baseUrl))
  const json =
    params.chainId === undefined
      ? { address: params.address }
      : { address: params.address, chainId: params.chainId }
  return readJson<FaucetResult>(
    await client.devnet.faucet.$post({ json }, { init: { signal: params.signal ?? null } }),
  )
}

/** Query options for the chain list; chains are static for the life of the page. */
export function chainsQueryOptions() {
  return queryOptions({
    queryKey: ['chains'] as const,
    queryFn: ({ signal }) => fetchChains({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** Query options for a chain's popular tokens, keyed by chain id. */
export function popularTokensQueryOptions(params: { chainId: number }) {
  return queryOptions({
    queryKey: ['popularTokens', params.chainId] as const,
    queryFn: ({ signal }) => fetchPopularTokens({ chainId: params.chainId, signal }),
    staleTime: 5 * 60_000,
  })
}

/** The supported chains, loaded once. */
export function useChains() {
  return useQuery(chainsQueryOptions())
}

/** A chain's popular tokens (disabled while `chainId` is undefined). */
export function usePopularTokens(params: { chainId: number | undefined }) {
  return useQuery({
    ...popularTokensQueryOptions({ chainId: params.chainId ?? 0 }),
    enabled: params.chainId !== undefined,
  })
}
