import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Address } from 'viem'
import { type ApiRequestParams, createApiClient, createDevnetApiClient } from './createApiClient'
import { parseApiResponse } from './parseApiResponse'

/*
 * Every answer type here is inferred from the server's route definitions through hono's typed client
 * (`createApiClient` imports only the server's `AppType`); nothing is copied by hand.
 */

export { ApiError } from './ApiError'
export {
  type ApiRequestParams,
  createApiClient,
  createDevnetCosmosApiClient,
  createDevnetUtxoApiClient,
  getBaseUrl,
} from './createApiClient'
export { parseApiResponse } from './parseApiResponse'

export type HexAddress = Address

/**
 * Lists the chains the server supports, in its order (`GET /trade/v1/info/chains?format=list`). Throws `ApiError`
 * on a non-2xx answer.
 */
export async function fetchChains(params: ApiRequestParams = {}) {
  const client = createApiClient(params.baseUrl)
  const body = await parseApiResponse(
    client.trade.v1.info.chains.$get(
      { query: { format: 'list' } },
      { init: { signal: params.signal ?? null } },
    ),
  )
  return Array.isArray(body) ? body : Object.values(body.chains)
}

/** A chain as `GET /trade/v1/info/chains` describes it: an EVM chain, or a UTXO or Cosmos chain a provider serves. */
export type ChainRecord = Awaited<ReturnType<typeof fetchChains>>[number]

/** An EVM chain's record: its contracts and RPC proxy. */
export type EvmChainRecord = Extract<ChainRecord, { family: 'evm' }>

/** True for an EVM chain's record (wagmi and the single-chain flows need one). */
export function isEvmChainRecord(chain: ChainRecord): chain is EvmChainRecord {
  return chain.family === 'evm'
}

/** Lists a chain's popular tokens, native first (`GET /v1/info/token/popular`). Throws `ApiError`. */
export async function fetchPopularTokens(params: ApiRequestParams & { chainId: number }) {
  const client = createApiClient(params.baseUrl)
  return parseApiResponse(
    client.v1.info.token.popular.$get(
      { query: { chainId: String(params.chainId) } },
      { init: { signal: params.signal ?? null } },
    ),
  )
}

/** A token as the token endpoints describe it (the popular list adds `contracts`, which the app does not read). */
export type TokenRecord = Omit<Awaited<ReturnType<typeof fetchPopularTokens>>[number], 'contracts'>

/**
 * Asks the devnet faucet to fund `address` on one chain or all of them (`POST /devnet/faucet`); answers what
 * was sent per chain. Throws `ApiError`.
 */
export async function requestFaucet(params: ApiRequestParams & { address: Address; chainId?: number }) {
  const client = createDevnetApiClient(params.baseUrl)
  const json =
    params.chainId === undefined
      ? { address: params.address }
      : { address: params.address, chainId: params.chainId }
  return parseApiResponse(client.devnet.faucet.$post({ json }, { init: { signal: params.signal ?? null } }))
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
