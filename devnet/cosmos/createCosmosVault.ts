import { fromBase64, toBase64, toHex } from '@cosmjs/encoding'
import { DirectSecp256k1Wallet, decodeTxRaw } from '@cosmjs/proto-signing'
import { SigningStargateClient, StargateClient } from '@cosmjs/stargate'
import { sha256 } from '@noble/hashes/sha2'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { type CosmosHubSpec, minimumFee } from './cosmosHubSpec'
import { devnetCosmosKey } from './createCosmosNode'
import { isCosmosAddress, MSG_SEND_TYPE_URL } from './decodeCosmosTx'

/** A transfer into the vault, as the network's observer needs it. */
export interface CosmosDeposit {
  /** The transaction hash (upper-case hex, as Cosmos shows it). */
  readonly txId: string
  readonly height: number
  /** The sender (of the first message paying the vault). */
  readonly from: string
  /** uatom paid to the vault by the transaction's messages together. */
  readonly amount: bigint
  readonly memo: string
}

/** A signed payment of the vault, kept before it is broadcast so a restart sends the same transaction. */
export interface SignedCosmosPayment {
  readonly txId: string
  /** The `TxRaw` bytes, base64. */
  readonly txBytes: string
  /** The account sequence it signs (what `reserved` holds for the next payment). */
  readonly sequence: number
}

/** The liquidity network's vault on the Cosmos Hub. */
export interface CosmosVault {
  readonly spec: CosmosHubSpec
  readonly address: string
  /** The fee, in `denom` base units, each payment of the vault pays (the chain's minimum for its gas). */
  readonly paymentFee: bigint
  /** Whether `address` is an account address of this chain (`cosmos1...`). */
  isValidAddress(address: string): boolean
  /** The last committed height. */
  height(): Promise<number>
  /**
   * Successful transactions from `fromHeight` to `toHeight` (inclusive; the tip without it) that pay the
   * vault uatom, with their memo, oldest first. The vault's own payments are not deposits.
   */
  listDeposits(params: { fromHeight: number; toHeight?: number }): Promise<CosmosDeposit[]>
  /**
   * Signs a MsgSend of `amount` uatom to `to` with `memo`, at the lowest sequence from the vault's committed
   * one that is not in `reserved` (sequences of payments signed but not yet committed), paying the minimum
   * fee for `PAYMENT_GAS`.
   */
  signPayment(params: {
    to: string
    amount: bigint
    memo: string
    reserved?: ReadonlySet<number>
  }): Promise<SignedCosmosPayment>
  /** Broadcasts a signed payment; one the chain already has (in a block or the mempool) counts as sent. */
  broadcast(payment: SignedCosmosPayment): Promise<void>
  /**
   * Where a payment stands: its committed height (undefined when no block holds it) and the vault's
   * committed sequence (past the payment's, a payment no block holds can never be committed).
   */
  findPayment(txId: string): Promise<{ height: number | undefined; sequence: number }>
  /**
   * Signs and broadcasts a payment, after any this vault broadcast that is not committed yet (their
   * sequences are skipped); returns its transaction hash.
   */
  pay(to: string, amount: bigint, memo: string): Promise<string>
  disconnect(): void
}

/** Gas limit of a vault payment (a MsgSend uses about a third of it here). */
const PAYMENT_GAS = 200_000n

/**
 * The devnet vault of the liquidity network on the Cosmos Hub: a key (by default derived from a fixed
 * phrase; devnet only), deposits read with cosmjs's `searchTx` (`transfer.recipient` and `tx.height`) over
 * the node's CometBFT RPC at `rpcUrl`, and payments signed with cosmjs (SIGN_MODE_DIRECT) and broadcast
 * through the same RPC, so it works against a real gaia node too.
 */
export async function createCosmosVault(
  spec: CosmosHubSpec,
  rpcUrl: string,
  key: Uint8Array = devnetCosmosKey('liquidity vault'),
): Promise<CosmosVault> {
  const wallet = await DirectSecp256k1Wallet.fromKey(key, spec.bech32Prefix)
  const [account] = await wallet.getAccounts()
  if (!account) throw new Error('the vault wallet has no account')
  const address = account.address
  const reader = await StargateClient.connect(rpcUrl)
  const signer = await SigningStargateClient.offline(wallet)
  /** Sequences of payments this process has broadcast (skipped by `pay` until they are committed). */
  const inFlight = new Set<number>()

  const vault: CosmosVault = {
    spec,
    address,
    paymentFee: minimumFee(spec, PAYMENT_GAS),
    isValidAddress: (candidate) => isCosmosAddress(candidate, spec.bech32Prefix),
    height: () => reader.getHeight(),
    async listDeposits({ fromHeight, toHeight }) {
      const range = `tx.height>=${fromHeight}${toHeight === undefined ? '' : ` AND tx.height<=${toHeight}`}`
      const found = await reader.searchTx(`transfer.recipient='${address}' AND ${range}`)
      return found
        .filter((tx) => tx.code === 0)
        .sort((a, b) => a.height - b.height || a.txIndex - b.txIndex)
        .flatMap((tx): CosmosDeposit[] => {
          const { body } = decodeTxRaw(tx.tx)
          const sends = body.messages
            .filter((any) => any.typeUrl === MSG_SEND_TYPE_URL)
            .map((any) => MsgSend.decode(any.value))
            .filter((msg) => msg.toAddress === address && msg.fromAddress !== address)
          const amount = sends
            .flatMap((msg) => msg.amount)
            .filter((coin) => coin.denom === spec.denom)
            .reduce((sum, coin) => sum + BigInt(coin.amount), 0n)
          const from = sends[0]?.fromAddress
          if (from === undefined || amount === 0n) return []
          return [{ txId: tx.hash, height: tx.height, from, amount, memo: body.memo }]
        })
    },
    async signPayment({ to, amount, memo, reserved = new Set<number>() }) {
      const onChain = await reader.getAccount(address)
      if (!onChain) throw new Error(`the vault ${address} has no account on ${spec.chainId} yet`)
      let sequence = onChain.sequence
      while (reserved.has(sequence)) sequence += 1
      const raw = await signer.sign(
        address,
        [
          {
            typeUrl: MSG_SEND_TYPE_URL,
            value: {
              fromAddress: address,
              toAddress: to,
              amount: [{ denom: spec.denom, amount: amount.toString() }],
            },
          },
        ],
        {
          amount: [{ denom: spec.denom, amount: vault.paymentFee.toString() }],
          gas: PAYMENT_GAS.toString(),
        },
        memo,
        { accountNumber: onChain.accountNumber, sequence, chainId: spec.chainId },
      )
      const bytes = TxRaw.encode(raw).finish()
      return { txId: toHex(sha256(bytes)).toUpperCase(), txBytes: toBase64(bytes), sequence }
    },
    async broadcast(payment) {
      try {
        await reader.broadcastTxSync(fromBase64(payment.txBytes))
        inFlight.add(payment.sequence)
      } catch (error: unknown) {
        if (error instanceof Error && error.message.includes('tx already exists in cache')) return
        if ((await reader.getTx(payment.txId)) !== null) return
        throw error
      }
    },
    async findPayment(txId) {
      const [tx, account] = await Promise.all([reader.getTx(txId), reader.getAccount(address)])
      return {
        height: tx === null || tx.code !== 0 ? undefined : tx.height,
        sequence: account?.sequence ?? 0,
      }
    },
    async pay(to, amount, memo) {
      const payment = await vault.signPayment({ to, amount, memo, reserved: inFlight })
      await vault.broadcast(payment)
      return payment.txId
    },
    disconnect: () => reader.disconnect(),
  }
  return vault
}
