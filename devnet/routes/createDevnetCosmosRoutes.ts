import { fromBase64 } from '@cosmjs/encoding'
import { BroadcastTxError } from '@cosmjs/stargate'
import { z } from '@hono/zod-openapi'
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { isValidChainAddress } from '../../server/chains/families/isValidChainAddress'
import { AppError } from '../../server/errors'
import { AmountSchema } from '../../server/openapi/schemas'
import type { DevnetCosmosChain } from '../cosmosWallet/createDevnetCosmosChain'
import { createDevnetLedgerRoutes } from './createDevnetLedgerRoutes'

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

/**
 * Refuses bytes that are no protobuf `TxRaw` with a body and a signature (400 INVALID_PARAMS naming
 * `txBytes`), which the node would otherwise answer with an error that reads as a node outage.
 */
function assertTxRaw(bytes: Uint8Array): void {
  let decoded: TxRaw | undefined
  try {
    decoded = TxRaw.decode(bytes)
  } catch {
    decoded = undefined
  }
  if (decoded === undefined || decoded.bodyBytes.length === 0 || decoded.signatures.length === 0)
    throw new AppError('INVALID_PARAMS', 'txBytes is not a signed protobuf TxRaw', {
      details: { field: 'txBytes' },
    })
}

/**
 * Devnet-only routes for the browser's devnet Cosmos wallet, mounted only when the server runs its own devnet
 * with the liquidity network: the chains' wallet parameters, an account's number, sequence and balance, a
 * faucet and a broadcast relay for signed `TxRaw`s. A chain without a devnet node answers 400
 * `UNSUPPORTED_CHAIN`, an address that is not the chain's bech32 400 `INVALID_PARAMS` naming `address`, a
 * transaction the node refuses (CheckTx) 400 `INVALID_PARAMS` with the node's code and log, a node that does
 * not answer 503.
 */
export function createDevnetCosmosRoutes(deps: { chains: readonly DevnetCosmosChain[] }) {
  return createDevnetLedgerRoutes({
    segment: 'cosmos',
    name: 'Cosmos',
    chains: deps.chains,
    addressExample: 'cosmos1…',
    isAddress: (info, address) => isValidChainAddress(info, address),
    addressKind: 'account address',
    fallbackChainName: 'Cosmos',
    networks: {
      summary: "The devnet's Cosmos chains as the browser's devnet wallet needs them (devnet mode only)",
      description: 'Chain id, address prefix, denomination, fee and faucet amount per chain',
      schema: CosmosWalletNetworkSchema,
      describe: ({ network }) => ({
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
      }),
    },
    account: {
      path: 'account',
      summary:
        "An address's account number, sequence and balance on a devnet Cosmos chain (devnet mode only)",
      description: 'The account',
      schema: CosmosAccountSchema,
      read: async (chain, address) => {
        const account = await chain.account(address)
        return {
          address,
          accountNumber: account.accountNumber?.toString() ?? null,
          sequence: account.sequence,
          balance: account.balance.toString(),
        }
      },
    },
    faucet: {
      summary:
        'Pay an address from the devnet Cosmos faucet; answers once it is in a block (devnet mode only)',
      schema: z.object({ txHash: z.string(), amount: AmountSchema }),
      pay: async (chain, address) => {
        const paid = await chain.fund(address)
        return { txHash: paid.txHash, amount: paid.amount.toString() }
      },
    },
    broadcast: {
      summary: "Relay a signed TxRaw to a devnet Cosmos chain's node (devnet mode only)",
      description: 'The transaction hash (upper-case hex)',
      body: z.object({
        txBytes: z
          .string()
          .max(1_400_000)
          // canonical base64: whole 4-character groups, padding only at the end
          .regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, 'expected base64')
          .min(4, 'expected base64')
          .openapi({ description: 'The protobuf TxRaw, base64' }),
      }),
      schema: z.object({ txHash: z.string() }),
      send: async (chain, { txBytes }) => {
        const bytes = fromBase64(txBytes)
        assertTxRaw(bytes)
        return { txHash: await chain.broadcast(bytes) }
      },
    },
    refusal: (error) =>
      error instanceof BroadcastTxError
        ? new AppError('INVALID_PARAMS', `The node refused: ${error.log ?? `code ${error.code}`}`, {
            details: { code: error.code, codespace: error.codespace },
            cause: error,
          })
        : undefined,
  })
}

/** Type of the devnet Cosmos wallet's routes, for the web app's `hc<DevnetCosmosAppType>` client. */
export type DevnetCosmosAppType = ReturnType<typeof createDevnetCosmosRoutes>
