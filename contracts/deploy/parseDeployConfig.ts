import { z } from 'zod'
import { addressSchema as address, bytes32Schema as bytes32 } from '../../server/chains/hexSchemas'
import { poolKindIds } from '../../server/poolKinds/poolKinds'
import { DeployError } from './DeployError'

const exchangeSchema = z.object({
  id: z.string().min(1),
  kind: z.enum(poolKindIds),
  factory: address,
  initCodeHash: bytes32,
  aggregatorFactoryId: z.number().int().nonnegative(),
  v2FeeBps: z.number().int().min(0).max(10_000).optional(),
  poolDeployer: address.optional(),
  v4: z
    .object({
      entries: z
        .array(
          z.object({
            tickSpacing: z.number().int().min(1).max(32_767),
            native: z.boolean(),
            factoryId: z.number().int().nonnegative(),
          }),
        )
        .min(1),
    })
    .optional(),
})

const chainSchema = z
  .object({
    chainId: z.number().int().positive(),
    rpcUrl: z.url({ protocol: /^https?$/ }),
    wrappedNative: address,
    permit2: address,
    startBlock: z.number().int().nonnegative().optional(),
    exchanges: z
      .array(exchangeSchema)
      .min(1, 'expected at least one exchange for the Aggregator to allowlist'),
    // ours: absent before the first run; when present, checked and kept or replaced
    aggregator: address.optional(),
    gaslessSettlement: address.optional(),
    liquidityRouter: address.optional(),
    liquidityEntry: address.optional(),
    layerZero: z.object({ endpoint: address }).optional(),
    stargate: z
      .object({
        entry: address.optional(),
        composer: address.optional(),
        pools: z.array(z.object({ pool: address, token: address })).min(1),
      })
      .optional(),
    across: z
      .object({ spokePool: address, entry: address.optional(), handler: address.optional() })
      .optional(),
  })
  .refine((chain) => !chain.stargate || chain.layerZero, {
    message: 'stargate needs layerZero.endpoint (the StargateComposer only accepts its calls)',
    path: ['stargate'],
  })

const configSchema = z.preprocess(
  (json) => (Array.isArray(json) ? { chains: json } : json),
  z.object({
    chains: z
      .array(chainSchema)
      .min(1, 'expected at least one chain')
      .refine(
        (chains) => new Set(chains.map((c) => c.chainId)).size === chains.length,
        'each chainId may appear only once',
      ),
    deploy: z
      .object({
        owner: address.optional(),
        gaslessRelayers: z.array(address).optional(),
      })
      .optional(),
  }),
)

/** What `npm run deploy` reads of one chain of a network config: the third-party contracts and ours, if recorded. */
export type DeployChainConfig = z.infer<typeof chainSchema>

/** A network config as `npm run deploy` reads it (`chains`, and the optional `deploy` section). */
export type DeployConfig = z.infer<typeof configSchema>

/**
 * Validates a network config (docs/configuration.md, "Network mode": an array of chains or `{ chains, ... }`) for
 * deployment: per chain the RPC URL, wrapped native, Permit2 and the exchanges the Aggregator allowlists; where
 * present LayerZero's endpoint, Stargate's pools, Across's SpokePool and the liquidity router; our contracts'
 * addresses where a run recorded them; and `deploy.owner`, `deploy.gaslessRelayers`. Other fields are not read.
 * Throws `DeployError` listing each problem with its JSON path.
 */
export function parseDeployConfig(json: unknown): DeployConfig {
  const result = configSchema.safeParse(json)
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    )
    throw new DeployError(`Invalid deploy config:\n  ${problems.join('\n  ')}`)
  }
  return result.data
}
