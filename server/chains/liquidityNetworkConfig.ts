import { z } from 'zod'

/**
 * Where the THORChain-compatible liquidity network answers: THORNode's HTTP API (the provider reads
 * `/thorchain/...` under `thornodeUrl`) and each UTXO chain's Bitcoin Core JSON-RPC, by the compatible API's
 * negative chain id. The devnet fills it in from its workers; network mode reads it from NETWORK_CONFIG.
 */
export interface LiquidityNetworkConfig {
  thornodeUrl: string
  /** Each chain's node; `username`/`password` for nodes behind RPC basic auth (litecoind). */
  utxo: { chainId: number; rpcUrl: string; username?: string; password?: string }[]
  /** The Cosmos chains' CometBFT RPC (the devnet's Cosmos Hub), by negative chain id. */
  cosmos?: { chainId: number; rpcUrl: string }[]
}

export const liquidityNetworkConfigSchema = z.object({
  thornodeUrl: z.url({ protocol: /^https?$/ }),
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
