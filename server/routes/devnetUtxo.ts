import { createRoute, z } from '@hono/zod-openapi'
import { getChainInfo } from '../chains/chainInfo'
import { isValidChainAddress } from '../chains/families/isValidChainAddress'
import type { DevnetUtxoChain } from '../devnet/utxoWallet/createDevnetUtxoChain'
import { AppError } from '../errors'
import { createRouter } from '../openapi/createRouter'
import { AmountSchema, ChainIdParamsSchema, errorResponses } from '../openapi/schemas'
import { BitcoinRpcError } from '../utxo/createBitcoinRpcClient'

const UtxoWalletNetworkSchema = z
  .object({
    chainId: z.number().int().openapi({ example: -3980891822 }),
    symbol: z.string().openapi({ example: 'BTC' }),
    decimals: z.number().int().openapi({ example: 8 }),
    script: z.enum(['p2wpkh', 'p2pkh']),
    sighash: z.enum(['segwit', 'legacy', 'forkid']),
    pubKeyHash: z.number().int().openapi({ example: 111 }),
    scriptHash: z.number().int().openapi({ example: 196 }),
    bech32Prefix: z.string().optional().openapi({ example: 'bcrt' }),
    cashAddrPrefix: z.string().optional().openapi({ example: 'bchreg' }),
    feeRateSatPerVbyte: z.number().openapi({ example: 2 }),
    faucetAmount: AmountSchema.openapi({ description: 'Satoshis the faucet pays per request' }),
  })
  .openapi('UtxoWalletNetwork')

const UnspentSchema = z
  .object({
    address: z.string(),
    balance: AmountSchema.openapi({ description: 'Sum of the confirmed unspent outputs, satoshis' }),
    unspent: z.array(
      z.object({
        txid: z.string(),
        vout: z.number().int(),
        script: z.string().openapi({ description: 'scriptPubKey, hex' }),
        amount: AmountSchema.openapi({ description: 'Satoshis' }),
        height: z.number().int(),
      }),
    ),
  })
  .openapi('UtxoUnspent')

const AddressQuerySchema = z.object({
  address: z
    .string()
    .min(1)
    .openapi({ param: { name: 'address', in: 'query' }, example: 'bcrt1q…' }),
})

const networksRoute = createRoute({
  method: 'get',
  path: '/devnet/utxo/networks',
  tags: ['Devnet'],
  summary: "The devnet's UTXO chains as the browser's devnet wallet needs them (devnet mode only)",
  responses: {
    200: {
      description: 'Address formats, script, signature hash, fee rate and faucet amount per chain',
      content: { 'application/json': { schema: z.array(UtxoWalletNetworkSchema) } },
    },
  },
})

const unspentRoute = createRoute({
  method: 'get',
  path: '/devnet/utxo/{chainId}/unspent',
  tags: ['Devnet'],
  summary: "An address's confirmed unspent outputs on a devnet UTXO chain (devnet mode only)",
  request: { params: ChainIdParamsSchema, query: AddressQuerySchema },
  responses: {
    200: { description: 'Unspent outputs', content: { 'application/json': { schema: UnspentSchema } } },
    ...errorResponses(400, 503),
  },
})

const faucetRoute = createRoute({
  method: 'post',
  path: '/devnet/utxo/{chainId}/faucet',
  tags: ['Devnet'],
  summary: 'Pay an address from the devnet UTXO faucet, confirmed at once (devnet mode only)',
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
        'application/json': { schema: z.object({ txid: z.string(), amount: AmountSchema }) },
      },
    },
    ...errorResponses(400, 415, 503),
  },
})

const broadcastRoute = createRoute({
  method: 'post',
  path: '/devnet/utxo/{chainId}/broadcast',
  tags: ['Devnet'],
  summary: "Relay a signed transaction to a devnet UTXO chain's node (devnet mode only)",
  request: {
    params: ChainIdParamsSchema,
    body: {
      required: true,
      content: {
        'application/json': { schema: z.object({ hex: z.string().regex(/^([0-9a-f]{2})+$/i) }) },
      },
    },
  },
  responses: {
    200: {
      description: 'The transaction id',
      content: { 'application/json': { schema: z.object({ txid: z.string() }) } },
    },
    ...errorResponses(400, 415, 503),
  },
})

/**
 * Devnet-only routes for the browser's devnet UTXO wallet, mounted only when the server runs its own devnet
 * with the liquidity network: the chains' wallet parameters, an address's unspent outputs, a faucet and a
 * broadcast relay (the browser cannot reach the nodes). A chain without a devnet node answers 400
 * `UNSUPPORTED_CHAIN`, an address not of the chain's regtest network 400 `INVALID_PARAMS` naming `address`, a
 * transaction the node refuses 400 `INVALID_PARAMS` with the node's reason, a node that does not answer 503.
 */
export function createDevnetUtxoRoutes(deps: { chains: readonly DevnetUtxoChain[] }) {
  const chainOf = (chainId: number) => {
    const chain = deps.chains.find((c) => c.network.chainId === chainId)
    if (chain === undefined)
      throw new AppError('UNSUPPORTED_CHAIN', `Chain ${chainId} has no devnet UTXO node`, {
        details: { chainId },
      })
    return chain
  }
  const checkAddress = (chainId: number, address: string) => {
    const info = getChainInfo(chainId)
    if (info === undefined || !isValidChainAddress(info, address, 'regtest'))
      throw new AppError('INVALID_PARAMS', `address is not a ${info?.name ?? 'devnet'} regtest address`, {
        details: { field: 'address' },
      })
  }
  const fromNode = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error: unknown) {
      if (error instanceof AppError) throw error
      if (error instanceof BitcoinRpcError)
        throw new AppError('INVALID_PARAMS', `The node refused: ${error.message}`, {
          details: { rpcCode: error.code },
          cause: error,
        })
      throw new AppError('UPSTREAM_UNAVAILABLE', 'The devnet UTXO node does not answer', { cause: error })
    }
  }
  return createRouter()
    .openapi(networksRoute, (c) =>
      c.json(
        deps.chains.map(({ network }) => ({
          chainId: network.chainId,
          symbol: network.symbol,
          decimals: network.decimals,
          script: network.script,
          sighash: network.sighash,
          pubKeyHash: network.pubKeyHash,
          scriptHash: network.scriptHash,
          ...(network.bech32Prefix === undefined ? {} : { bech32Prefix: network.bech32Prefix }),
          ...(network.cashAddrPrefix === undefined ? {} : { cashAddrPrefix: network.cashAddrPrefix }),
          feeRateSatPerVbyte: network.feeRateSatPerVbyte,
          faucetAmount: network.faucetSatoshis.toString(),
        })),
        200,
      ),
    )
    .openapi(unspentRoute, async (c) => {
      const { chainId } = c.req.valid('param')
      const { address } = c.req.valid('query')
      const chain = chainOf(chainId)
      checkAddress(chainId, address)
      const unspent = await fromNode(() => chain.listUnspent(address))
      return c.json(
        {
          address,
          balance: unspent.reduce((sum, u) => sum + u.satoshis, 0n).toString(),
          unspent: unspent.map((u) => ({
            txid: u.txid,
            vout: u.vout,
            script: u.script,
            amount: u.satoshis.toString(),
            height: u.height,
          })),
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
      return c.json({ txid: paid.txid, amount: paid.satoshis.toString() }, 200)
    })
    .openapi(broadcastRoute, async (c) => {
      const { chainId } = c.req.valid('param')
      const { hex } = c.req.valid('json')
      const chain = chainOf(chainId)
      const txid = await fromNode(() => chain.broadcast(hex.toLowerCase()))
      return c.json({ txid }, 200)
    })
}
