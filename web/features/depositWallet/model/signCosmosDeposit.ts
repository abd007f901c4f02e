import { fromBase64, toBase64, toHex } from '@cosmjs/encoding'
import { makeAuthInfoBytes, makeSignDoc, type OfflineDirectSigner, Registry } from '@cosmjs/proto-signing'
import { sha256 } from '@noble/hashes/sha2'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { ClientError } from '../../../lib/ClientError'
import type { WalletDeposit } from '../DepositWallet'

/** The chain facts a Cosmos payment signs over (a devnet network record has them all). */
export interface CosmosSigningNetwork {
  /** The chain id the SignDoc commits to (`cosmoshub-devnet`). */
  cosmosChainId: string
  denom: string
  /** Gas limit, decimal. */
  gasLimit: string
  /** Fee in `denom` base units, decimal. */
  fee: string
}

/** A signed deposit, ready for `broadcast_tx_sync`. */
export interface SignedCosmosDeposit {
  /** The protobuf `TxRaw`. */
  txBytes: Uint8Array
  /** `txBytes` in base64, as the broadcast route takes it. */
  txBase64: string
  /** sha256 of `txBytes`, upper-case hex (the hash the chain and the network know it by). */
  txHash: string
}

/**
 * Signs the deposit as one `MsgSend` of `deposit.amount` `denom` from `from` to the network's inbound address
 * with `deposit.memo` as the transaction's memo, SIGN_MODE_DIRECT at the account's number and sequence, paying
 * the network's fee for its gas limit; encodes the `TxRaw`. `signer` is the devnet key's wallet or a browser
 * wallet's (Keplr's) direct signer. Throws `ClientError` `INSUFFICIENT_FUNDS` when `balance` does not cover
 * amount and fee. Pure but for the signer.
 */
export async function signCosmosDeposit(params: {
  signer: OfflineDirectSigner
  from: string
  network: CosmosSigningNetwork
  account: { accountNumber: bigint; sequence: number; balance: bigint }
  deposit: WalletDeposit
}): Promise<SignedCosmosDeposit> {
  const { signer, from, network, account, deposit } = params
  const fee = BigInt(network.fee)
  if (account.balance < deposit.amount + fee)
    throw new ClientError(
      'INSUFFICIENT_FUNDS',
      `The wallet holds ${account.balance} ${network.denom}, not the ${deposit.amount + fee} the deposit and its fee need`,
    )
  const key = (await signer.getAccounts()).find((a) => a.address === from)
  if (key === undefined) throw new Error(`The signer holds no key for ${from}`)
  const bodyBytes = new Registry().encode({
    typeUrl: '/cosmos.tx.v1beta1.TxBody',
    value: {
      messages: [
        {
          typeUrl: '/cosmos.bank.v1beta1.MsgSend',
          value: {
            fromAddress: from,
            toAddress: deposit.address,
            amount: [{ denom: network.denom, amount: deposit.amount.toString() }],
          },
        },
      ],
      memo: deposit.memo,
    },
  })
  const pubkey = {
    typeUrl: '/cosmos.crypto.secp256k1.PubKey',
    value: PubKey.encode({ key: key.pubkey }).finish(),
  }
  const authInfoBytes = makeAuthInfoBytes(
    [{ pubkey, sequence: account.sequence }],
    [{ denom: network.denom, amount: network.fee }],
    Number(network.gasLimit),
    undefined,
    undefined,
  )
  const signDoc = makeSignDoc(bodyBytes, authInfoBytes, network.cosmosChainId, account.accountNumber)
  const { signed, signature } = await signer.signDirect(from, signDoc)
  const txBytes = TxRaw.encode(
    TxRaw.fromPartial({
      bodyBytes: signed.bodyBytes,
      authInfoBytes: signed.authInfoBytes,
      signatures: [fromBase64(signature.signature)],
    }),
  ).finish()
  return { txBytes, txBase64: toBase64(txBytes), txHash: toHex(sha256(txBytes)).toUpperCase() }
}
