import { createRoute, z } from '@hono/zod-openapi'
import { type ChainInfo, getChainInfo } from '../../server/chains/chainInfo'
import { AppError } from '../../server/errors'
import { createRouter } from '../../server/openapi/createRouter'
import { ChainIdParamsSchema, errorResponses } from '../../server/openapi/schemas'

/** What a devnet ledger's routes say in the OpenAPI document about one route. */
interface RouteText {
  summary: string
  description: string
}

/**
 * Builds the devnet-only routes of a browser devnet wallet over one ledger kind: `GET /devnet/<segment>/networks`
 * (the chains' wallet parameters), `GET /devnet/<segment>/{chainId}/<account path>?address=` (what the wallet
 * reads before it pays), `POST .../faucet` and `POST .../broadcast` (the browser cannot reach the nodes). A chain
 * without a devnet node answers 400 `UNSUPPORTED_CHAIN`, an address the ledger rejects 400 `INVALID_PARAMS`
 * naming `address`, a transaction the node refuses the ledger's `refusal`, a node that does not answer 503
 * `UPSTREAM_UNAVAILABLE`. `ledger` is one ledger kind (the UTXO chains, the Cosmos chains): the path segment,
 * the chains with their wallet parameters, the response schemas, and how a chain reads an account, pays from
 * its faucet, relays a signed transaction and says that a node refused one.
 */
export function createDevnetLedgerRoutes<
  Segment extends string,
  AccountPath extends string,
  Chain extends { network: { chainId: number } },
  Network extends z.ZodType,
  Account extends z.ZodType,
  Faucet extends z.ZodType,
  BroadcastBody extends z.ZodType,
  Broadcast extends z.ZodType,
>(ledger: {
  /** `utxo` serves `/devnet/utxo/...`. */
  segment: Segment
  /** `UTXO` in "Chain 1 has no devnet UTXO node". */
  name: string
  chains: readonly Chain[]
  /** The example address of the `address` query parameter. */
  addressExample: string
  /** Whether `address` is an address of the chain the wallet may use (`info` is the chain's). */
  isAddress(info: ChainInfo, address: string): boolean
  /** Ends "address is not a Bitcoin ..." (`regtest address`, `account address`). */
  addressKind: string
  /** The name of `info` when the chain has none (`devnet`, `Cosmos`). */
  fallbackChainName: string
  networks: RouteText & { schema: Network; describe(chain: Chain): z.output<Network> }
  account: RouteText & {
    path: AccountPath
    schema: Account
    read(chain: Chain, address: string): Promise<z.output<Account>>
  }
  faucet: Omit<RouteText, 'description'> & {
    schema: Faucet
    pay(chain: Chain, address: string): Promise<z.output<Faucet>>
  }
  broadcast: RouteText & {
    body: BroadcastBody
    schema: Broadcast
    send(chain: Chain, body: z.output<BroadcastBody>): Promise<z.output<Broadcast>>
  }
  /** The 400 `INVALID_PARAMS` for an error by which the node refused a transaction, else `undefined`. */
  refusal(error: unknown): AppError | undefined
}) {
  const chainOf = (chainId: number) => {
    const chain = ledger.chains.find((c) => c.network.chainId === chainId)
    if (chain === undefined)
      throw new AppError('UNSUPPORTED_CHAIN', `Chain ${chainId} has no devnet ${ledger.name} node`, {
        details: { chainId },
      })
    return chain
  }
  const checkAddress = (chainId: number, address: string) => {
    const info = getChainInfo(chainId)
    if (info === undefined || !ledger.isAddress(info, address))
      throw new AppError(
        'INVALID_PARAMS',
        `address is not a ${info?.name ?? ledger.fallbackChainName} ${ledger.addressKind}`,
        { details: { field: 'address' } },
      )
  }
  const fromNode = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error: unknown) {
      if (error instanceof AppError) throw error
      const refused = ledger.refusal(error)
      if (refused !== undefined) throw refused
      throw new AppError('UPSTREAM_UNAVAILABLE', `The devnet ${ledger.name} node does not answer`, {
        cause: error,
      })
    }
  }
  const AddressQuerySchema = z.object({
    address: z
      .string()
      .min(1)
      .openapi({ param: { name: 'address', in: 'query' }, example: ledger.addressExample }),
  })
  const networksRoute = createRoute({
    method: 'get',
    path: `/devnet/${ledger.segment}/networks`,
    tags: ['Devnet'],
    summary: ledger.networks.summary,
    responses: {
      200: {
        description: ledger.networks.description,
        content: { 'application/json': { schema: z.array(ledger.networks.schema) } },
      },
    },
  })
  const accountRoute = createRoute({
    method: 'get',
    path: `/devnet/${ledger.segment}/{chainId}/${ledger.account.path}`,
    tags: ['Devnet'],
    summary: ledger.account.summary,
    request: { params: ChainIdParamsSchema, query: AddressQuerySchema },
    responses: {
      200: {
        description: ledger.account.description,
        content: { 'application/json': { schema: ledger.account.schema } },
      },
      ...errorResponses(400, 503),
    },
  })
  const faucetRoute = createRoute({
    method: 'post',
    path: `/devnet/${ledger.segment}/{chainId}/faucet`,
    tags: ['Devnet'],
    summary: ledger.faucet.summary,
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
        content: { 'application/json': { schema: ledger.faucet.schema } },
      },
      ...errorResponses(400, 415, 429, 503),
    },
  })
  const broadcastRoute = createRoute({
    method: 'post',
    path: `/devnet/${ledger.segment}/{chainId}/broadcast`,
    tags: ['Devnet'],
    summary: ledger.broadcast.summary,
    request: {
      params: ChainIdParamsSchema,
      body: { required: true, content: { 'application/json': { schema: ledger.broadcast.body } } },
    },
    responses: {
      200: {
        description: ledger.broadcast.description,
        content: { 'application/json': { schema: ledger.broadcast.schema } },
      },
      ...errorResponses(400, 415, 503),
    },
  })
  // The generic body schema leaves hono's computed input unresolved here; it is the route's, spelled out.
  type BroadcastInput = {
    in: { param: z.input<typeof ChainIdParamsSchema>; json: z.input<BroadcastBody> }
    out: { param: z.output<typeof ChainIdParamsSchema>; json: z.output<BroadcastBody> }
  }
  return createRouter()
    .openapi(networksRoute, (c) => c.json(ledger.chains.map(ledger.networks.describe), 200))
    .openapi(accountRoute, async (c) => {
      const { chainId } = c.req.valid('param')
      const { address } = c.req.valid('query')
      const chain = chainOf(chainId)
      checkAddress(chainId, address)
      return c.json(await fromNode(() => ledger.account.read(chain, address)), 200)
    })
    .openapi(faucetRoute, async (c) => {
      const { chainId } = c.req.valid('param')
      const { address } = c.req.valid('json')
      const chain = chainOf(chainId)
      checkAddress(chainId, address)
      return c.json(await fromNode(() => ledger.faucet.pay(chain, address)), 200)
    })
    .openapi<typeof broadcastRoute, BroadcastInput, `/devnet/${Segment}/:chainId/broadcast`>(
      broadcastRoute,
      async (c) => {
        const { chainId } = c.req.valid('param')
        const body = c.req.valid('json')
        const chain = chainOf(chainId)
        return c.json(await fromNode(() => ledger.broadcast.send(chain, body)), 200)
      },
    )
}
