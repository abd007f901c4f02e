import { z } from '@hono/zod-openapi'
import { isValidChainAddress } from '../../server/chains/families/isValidChainAddress'
import { AppError } from '../../server/errors'
import { AmountSchema } from '../../server/openapi/schemas'
import { BitcoinRpcError } from '../utxo/createBitcoinRpcClient'
import type { DevnetUtxoChain } from '../utxoWallet/createDevnetUtxoChain'
import { createDevnetLedgerRoutes } from './createDevnetLedgerRoutes'

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

/**
 * Devnet-only routes for the browser's devnet UTXO wallet, mounted only when the server runs its own devnet
 * with the liquidity network: the chains' wallet parameters, an address's unspent outputs, a faucet and a
 * broadcast relay (the browser cannot reach the nodes). A chain without a devnet node answers 400
 * `UNSUPPORTED_CHAIN`, an address not of the chain's regtest network 400 `INVALID_PARAMS` naming `address`, a
 * transaction the node refuses 400 `INVALID_PARAMS` with the node's reason, a node that does not answer 503.
 */
export function createDevnetUtxoRoutes(deps: { chains: readonly DevnetUtxoChain[] }) {
  return createDevnetLedgerRoutes({
    segment: 'utxo',
    name: 'UTXO',
    chains: deps.chains,
    addressExample: 'bcrt1q…',
    isAddress: (info, address) => isValidChainAddress(info, address, 'regtest'),
    addressKind: 'regtest address',
    fallbackChainName: 'devnet',
    networks: {
      summary: "The devnet's UTXO chains as the browser's devnet wallet needs them (devnet mode only)",
      description: 'Address formats, script, signature hash, fee rate and faucet amount per chain',
      schema: UtxoWalletNetworkSchema,
      describe: ({ network }) => ({
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
      }),
    },
    account: {
      path: 'unspent',
      summary: "An address's confirmed unspent outputs on a devnet UTXO chain (devnet mode only)",
      description: 'Unspent outputs',
      schema: UnspentSchema,
      read: async (chain, address) => {
        const unspent = await chain.listUnspent(address)
        return {
          address,
          balance: unspent.reduce((sum, u) => sum + u.satoshis, 0n).toString(),
          unspent: unspent.map((u) => ({
            txid: u.txid,
            vout: u.vout,
            script: u.script,
            amount: u.satoshis.toString(),
            height: u.height,
          })),
        }
      },
    },
    faucet: {
      summary: 'Pay an address from the devnet UTXO faucet, confirmed at once (devnet mode only)',
      schema: z.object({ txid: z.string(), amount: AmountSchema }),
      pay: async (chain, address) => {
        const paid = await chain.fund(address)
        return { txid: paid.txid, amount: paid.satoshis.toString() }
      },
    },
    broadcast: {
      summary: "Relay a signed transaction to a devnet UTXO chain's node (devnet mode only)",
      description: 'The transaction id',
      body: z.object({ hex: z.string().regex(/^([0-9a-f]{2})+$/i) }),
      schema: z.object({ txid: z.string() }),
      send: async (chain, { hex }) => ({ txid: await chain.broadcast(hex.toLowerCase()) }),
    },
    refusal: (error) =>
      error instanceof BitcoinRpcError
        ? new AppError('INVALID_PARAMS', `The node refused: ${error.message}`, {
            details: { rpcCode: error.code },
            cause: error,
          })
        : undefined,
  })
}

/** Type of the devnet UTXO wallet's routes, for the web app's `hc<DevnetUtxoAppType>` client. */
export type DevnetUtxoAppType = ReturnType<typeof createDevnetUtxoRoutes>
