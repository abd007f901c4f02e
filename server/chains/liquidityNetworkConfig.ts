import { z } from 'zod'

/**
 * Where the THORChain-compatible liquidity network answers: THORNode's HTTP API (the provider reads
 * `/thorchain/...` under `thornodeUrl`) and each UTXO chain's Bitcoin Core JSON-RPC, by the compatible API's
 * negative chain id. The devnet fills it in from its workers; network mode reads it from NETWORK_CONFIG.
 */
export interface LiquidityNetworkConfig {
  thornodeUrl: string
  /**
   * A second THORNode (any server answering `/thorchain/inbound_addresses` under it): when set, a deposit is built
   * only when its inbound vault (and router) on the source chain agree with `thornodeUrl`'s.
   */
  thornodeCheckUrl?: string
  /** Each chain's node; `username`/`password` for nodes behind RPC basic auth (litecoind). */
  utxo: { chainId: number; rpcUrl: string; username?: string; password?: string }[]
  /** The Cosmos chains' CometBFT RPC (the devnet's Cosmos Hub), by negative chain id. */
  cosmos?: { chainId: number; rpcUrl: string }[]
}

export const liquidityNetworkConfigSchema = z.object({
  thornodeUrl: z.url({ protocol: /^https?$/ }),
  thornodeCheckUrl: z.url({ protocol: /^https?$/ }).optional(),
  utxo: z.array(
    z.object({
      chainId: z.number().int().negative(),
      rpcUrl: z.url({ protocol: /^https?$/ }),
      username: z.string().optional(),
      password: z.string().optional(),
    }),
  ),
  cosmos: z
    .array(z.object({ chainId: z.number().int().negative(), rpcUrl: z.url({ protocol: /^https?$/ }) }))
    .optional(),
}) satisfies z.ZodType<LiquidityNetworkConfig, unknown>
