import { fromBase64 } from '@cosmjs/encoding'
import { BroadcastTxError } from '@cosmjs/stargate'
import { createRoute, z } from '@hono/zod-openapi'
import { getChainInfo } from '../chains/chainInfo'
import { isValidChainAddress } from '../chains/families/isValidChainAddress'
import type { DevnetCosmosChain } from '../devnet/cosmosWallet/createDevnetCosmosChain'
import { AppError } from '../errors'
import { createRouter } from '../openapi/createRouter'
import { AmountSchema, ChainIdParamsSchema, errorResponses } from '../openapi/schemas'

const CosmosWalletNetworkSchema = z
  .object({
    chainId: z.number().int().openapi({ example: -978111860 }),
    cosmosChainId: z.string().openapi({ example: 'cosmoshub-devnet' }),
    symbol: z.string().openapi({ example: 'ATOM' }),
    decimals: z.number().int().openapi({ example: 6 }),
    bech32Prefix: z.string().openapi({ example: 'cosmos' }),
    denom: z.string().openapi({ example: 'uatom' }),
    gasLimit: AmountSchema.openapi({ description: 'Gas limit of a wallet payment', example: '200000' }),
    fee: AmountSchema.openapi({ description: 'Fee of a payment with gasLimit, in denom', example: '1000' }),
    faucetAmount: AmountSchema.openapi({ description: 'Base units the faucet pays per request' }),
    rpcUrl: z.string().openapi({ description: "The node's CometBFT RPC (REST on the same origin)" }),
  })
  .openapi('CosmosWalletNetwork')

const CosmosAccountSchema = z
  .object({
    address: z.string(),
    accountNumber: AmountSchema.nullable().openapi({
      description: 'x/auth account number (uint64, decimal); null until the account holds coins',
    }),
    sequence: z.number().int(),
    balance: AmountSchema.openapi({ description: 'Spendable base units of denom' }),
  })
  .openapi('CosmosWalletAccount')

const AddressQuerySchema = z.object({
  address: z
    .string()
    .min(1)
    .openapi({ param: { name: 'address', in: 'query' }, example: 'cosmos1…' }),
})

const networksRoute = createRoute({
  method: 'get',
  path: '/devnet/cosmos/networks',
  tags: ['Devnet'],
  summary: "The devnet's Cosmos chains as the browser's devnet wallet needs them (devnet mode only)",
  responses: {
    200: {
      description: 'Chain id, address prefix, denomination, fee and faucet amount per chain',
      content: { 'application/json': { schema: z.array(CosmosWalletNetworkSchema) } },
    },
  },
})

const accountRoute = createRoute({
  method: 'get',
  path: '/devnet/cosmos/{chainId}/account',
  tags: ['Devnet'],
  summary: "An address's account number, sequence and balance on a devnet Cosmos chain (devnet mode only)",
  request: { params: ChainIdParamsSchema, query: AddressQuerySchema },
  responses: {
    200: { description: 'The account', content: { 'application/json': { schema: CosmosAccountSchema } } },
    ...errorResponses(400, 503),
  },
})

const faucetRoute = createRoute({
  method: 'post',
  path: '/devnet/cosmos/{chainId}/faucet',
  tags: ['Devnet'],
  summary: 'Pay an address from the devnet Cosmos faucet; answers once it is in a block (devnet mode only)',
  request: {
    params: ChainIdParamsSchema,
    body: {
      required: true,
      content: { 'application/json': { schema: z.object({ address: z.string().min(1) }) } },
    },
  },
  responses: {
    200: {
      description: 'The faucet payment',
      content: {
        'application/json': { schema: z.object({ txHash: z.string(), amount: AmountSchema }) },
      },
    },
    ...errorResponses(400, 415, 503),
  },
})

const broadcastRoute = createRoute({
  method: 'post',
  path: '/devnet/cosmos/{chainId}/broadcast',
  tags: ['Devnet'],
  summary: "Relay a signed TxRaw to a devnet Cosmos chain's node (devnet mode only)",
  request: {
    params: ChainIdParamsSchema,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            txBytes: z
              .string()
              .regex(/^[A-Za-z0-9+/]+={0,2}$/)
              .openapi({ description: 'The protobuf TxRaw, base64' }),
          }),
        },
      },
    },
  },
  responses: {
    200: {
      description: 'The transaction hash (upper-case hex)',
      content: { 'application/json': { schema: z.object({ txHash: z.string() }) } },
    },
    ...errorResponses(400, 415, 503),
  },
})

/**
 * Devnet-only routes for the browser's devnet Cosmos wallet, mounted only when the server runs its own devnet
 * with the liquidity network: the chains' wallet parameters, an account's number, sequence and balance, a
 * faucet and a broadcast relay for signed `TxRaw`s. A chain without a devnet node answers 400
 * `UNSUPPORTED_CHAIN`, an address that is not the chain's bech32 400 `INVALID_PARAMS` naming `address`, a
 * transaction the node refuses (CheckTx) 400 `INVALID_PARAMS` with the node's code and log, a node that does
 * not answer 503.
 */
export function createDevnetCosmosRoutes(deps: { chains: readonly DevnetCosmosChain[] }) {
  const chainOf = (chainId: number) => {
    const chain = deps.chains.find((c) => c.network.chainId === chainId)
    if (chain === undefined)
      throw new AppError('UNSUPPORTED_CHAIN', `Chain ${chainId} has no devnet Cosmos node`, {
        details: { chainId },
      })
    return chain
  }
  const checkAddress = (chainId: number, address: string) => {
    const info = getChainInfo(chainId)
    if (info === undefined || !isValidChainAddress(info, address))
      throw new AppError('INVALID_PARAMS', `address is not a ${info?.name ?? 'Cosmos'} account address`, {
        details: { field: 'address' },
      })
  }
  const fromNode = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error: unknown) {
      if (error instanceof AppError) throw error
      if (error instanceof BroadcastTxError)
        throw new AppError('INVALID_PARAMS', `The node refused: ${error.log ?? `code ${error.code}`}`, {
          details: { code: error.code, codespace: error.codespace },
          cause: error,
        })
      throw new AppError('UPSTREAM_UNAVAILABLE', 'The devnet Cosmos node does not answer', { cause: error })
    }
  }
  return createRouter()
    .openapi(networksRoute, (c) =>
      c.json(
        deps.chains.map(({ network }) => ({
          chainId: network.chainId,
          cosmosChainId: network.cosmosChainId,
          symbol: network.symbol,
          decimals: network.decimals,
          bech32Prefix: network.bech32Prefix,
          denom: network.denom,
          gasLimit: network.gasLimit.toString(),
          fee: network.fee.toString(),
          faucetAmount: network.faucetAmount.toString(),
          rpcUrl: network.rpcUrl,
        })),
        200,
      ),
    )
    .openapi(accountRoute, async (c) => {
      const { chainId } = c.req.valid('param')
      const { address } = c.req.valid('query')
      const chain = chainOf(chainId)
      checkAddress(chainId, address)
      const account = await fromNode(() => chain.account(address))
      return c.json(
        {
          address,
          accountNumber: account.accountNumber?.toString() ?? null,
          sequence: account.sequence,
          balance: account.balance.toString(),
        },
        200,
      )
    })
    .openapi(faucetRoute, async (c) => {
      const { chainId } = c.req.valid('param')
      const { address } = c.req.valid('json')
      const chain = chainOf(chainId)
      checkAddress(chainId, address)
      const paid = await fromNode(() => chain.fund(address))
      return c.json({ txHash: paid.txHash, amount: paid.amount.toString() }, 200)
    })
    .openapi(broadcastRoute, async (c) => {
      const { chainId } = c.req.valid('param')
      const { txBytes } = c.req.valid('json')
      const chain = chainOf(chainId)
      const txHash = await fromNode(() => chain.broadcast(fromBase64(txBytes)))
      return c.json({ txHash }, 200)
    })
}
