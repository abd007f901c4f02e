import { StargateClient } from '@cosmjs/stargate'
import type { CosmosChainInfo } from '../../server/chains/chainInfo'
import { AppError } from '../../server/errors'
import { type CosmosHubSpec, minimumFee } from '../cosmos/cosmosHubSpec'
import { devnetCosmosKey } from '../cosmos/createCosmosNode'
import { type CosmosVault, createCosmosVault } from '../cosmos/createCosmosVault'

/** What the browser's devnet Cosmos wallet needs to sign a payment on one devnet Cosmos chain. */
export interface CosmosWalletNetwork {
  /** The compatible API's (negative) chain id. */
  readonly chainId: number
  /** The chain id every SignDoc commits to (`cosmoshub-devnet`). */
  readonly cosmosChainId: string
  readonly symbol: string
  readonly decimals: number
  readonly bech32Prefix: string
  readonly denom: string
  /** Gas limit of a wallet payment. */
  readonly gasLimit: bigint
  /** The fee a payment with `gasLimit` pays, in `denom` (the chain's minimum). */
  readonly fee: bigint
  /** Base units the faucet pays per request. */
  readonly faucetAmount: bigint
  /** The node's CometBFT RPC (and REST on the same origin), for a browser wallet such as Keplr. */
  readonly rpcUrl: string
}

/** An account on the chain as a signer needs it. */
export interface CosmosWalletAccount {
  /** Null until the account first receives coins. */
  readonly accountNumber: bigint | null
  readonly sequence: number
  /** Spendable `denom` base units. */
  readonly balance: bigint
}

/** One devnet Cosmos chain as the browser's devnet wallet reaches it through the API. */
export interface DevnetCosmosChain {
  readonly network: CosmosWalletNetwork
  account(address: string): Promise<CosmosWalletAccount>
  /**
   * Pays `network.faucetAmount` from the devnet faucet to `address` and resolves once it is in a block. Throws
   * `AppError('RATE_LIMITED')` (429) while `maxWaiting` payments already wait for a block.
   */
  fund(address: string): Promise<{ txHash: string; amount: bigint }>
  /** Relays a signed `TxRaw` to the node (`broadcast_tx_sync`); answers its hash (upper-case hex). */
  broadcast(txBytes: Uint8Array): Promise<string>
}

/** Gas limit the wallet's payments use (a MsgSend needs about a third of it on the devnet ledger). */
const WALLET_GAS = 200_000n
/** What one faucet request pays: 100 ATOM. */
const FAUCET_UATOM = 100_000_000n
/** Payments that may wait for a block at once: a block takes them all; more is a script hammering the faucet. */
const FAUCET_MAX_WAITING = 16

/**
 * The devnet wallet's access to the devnet Cosmos Hub at `rpcUrl`: accounts and balances read with cosmjs's
 * `StargateClient`, signed transactions relayed with `broadcast_tx_sync`, and a faucet paying from the node's
 * devnet faucet key (derived from a fixed phrase; devnet only): payments are signed and broadcast one after
 * another, each at the sequence after the previous one's (so one block takes them all), then each waits until it
 * is committed (polled every `pollMs`, up to `timeoutMs`); beyond `maxWaiting` (default 16) payments waiting
 * for a block, a request is refused with 429 `RATE_LIMITED`. Connects on first use.
 */
export function createDevnetCosmosChain(params: {
  spec: CosmosHubSpec
  info: CosmosChainInfo
  rpcUrl: string
  pollMs?: number
  timeoutMs?: number
  maxWaiting?: number
}): DevnetCosmosChain {
  const { spec, info, rpcUrl } = params
  const pollMs = params.pollMs ?? 250
  const timeoutMs = params.timeoutMs ?? 30_000
  let reader: Promise<StargateClient> | undefined
  let faucet: Promise<CosmosVault> | undefined
  const maxWaiting = params.maxWaiting ?? FAUCET_MAX_WAITING
  /** Payments signed one after another (the vault skips the sequences of those not committed yet). */
  let signing: Promise<unknown> = Promise.resolve()
  let waiting = 0
  const readerOf = () => {
    reader ??= StargateClient.connect(rpcUrl).catch((error: unknown) => {
      reader = undefined
      throw error
    })
    return reader
  }
  const faucetOf = () => {
    faucet ??= createCosmosVault(spec, rpcUrl, devnetCosmosKey('faucet')).catch((error: unknown) => {
      faucet = undefined
      throw error
    })
    return faucet
  }
  const committed = async (txHash: string) => {
    const client = await readerOf()
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
      const tx = await client.getTx(txHash)
      if (tx !== null) return tx
      await new Promise((resolve) => setTimeout(resolve, pollMs))
    }
    throw new Error(`the faucet payment ${txHash} was not committed within ${timeoutMs} ms`)
  }
  return {
    network: {
      chainId: info.id,
      cosmosChainId: spec.chainId,
      symbol: info.nativeCurrency.symbol,
      decimals: info.nativeCurrency.decimals,
      bech32Prefix: spec.bech32Prefix,
      denom: spec.denom,
      gasLimit: WALLET_GAS,
      fee: minimumFee(spec, WALLET_GAS),
      faucetAmount: FAUCET_UATOM,
      rpcUrl,
    },
    async account(address) {
      const client = await readerOf()
      const [account, balance] = await Promise.all([
        client.getAccount(address),
        client.getBalance(address, spec.denom),
      ])
      return {
        accountNumber: account === null ? null : account.accountNumber,
        sequence: account === null ? 0 : account.sequence,
        balance: BigInt(balance.amount),
      }
    },
    async fund(address) {
      if (waiting >= maxWaiting)
        throw new AppError(
          'RATE_LIMITED',
          `The devnet faucet has ${waiting} payments waiting for the next block; try again in a few seconds`,
          { details: { waiting, maxWaiting } },
        )
      waiting += 1
      try {
        const send = async () => (await faucetOf()).pay(address, FAUCET_UATOM, 'devnet faucet')
        const sent = signing.then(send, send)
        signing = sent.catch(() => undefined)
        const txHash = await sent
        let tx: Awaited<ReturnType<typeof committed>>
        try {
          tx = await committed(txHash)
        } catch (error: unknown) {
          // a payment no block takes holds back every later sequence: start again from the committed one
          faucet = undefined
          throw error
        }
        if (tx.code !== 0) throw new Error(`the faucet payment ${txHash} failed: ${tx.rawLog}`)
        return { txHash, amount: FAUCET_UATOM }
      } finally {
        waiting -= 1
      }
    },
    async broadcast(txBytes) {
      return (await readerOf()).broadcastTxSync(txBytes)
    },
  }
}
