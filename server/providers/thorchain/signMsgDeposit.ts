import { fromBase64, fromBech32, toHex } from '@cosmjs/encoding'
import { DirectSecp256k1Wallet, makeAuthInfoBytes, makeSignDoc } from '@cosmjs/proto-signing'
import { sha256 } from '@noble/hashes/sha2'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { encodeMsgDeposit, MSG_DEPOSIT_TYPE_URL } from '../../thorchain/encodeMsgDeposit'

/**
 * Gas a THORChain `MsgDeposit` declares (the limit THORChain's clients send; the chain charges its flat native fee
 * of 0.02 RUNE, not gas).
 */
const DEPOSIT_GAS_LIMIT = 600_000_000

/** BIP-173's limit, given explicitly (cosmjs 0.39's default is refused by the @scure/base it installs). */
const BECH32_LIMIT = 90

/**
 * A signed THORChain transaction of one `MsgDeposit` with `memo` and no coins, from the account of `key`
 * (secp256k1 private key) written with `prefix` (`thor`), at `accountNumber` and `sequence` on chain `chainId`
 * (SIGN_MODE_DIRECT, no fee coins: THORChain takes its native fee from the account). Returns the `TxRaw` bytes and
 * their hash (upper-case hex, as THORChain names transactions). No I/O.
 */
export async function signMsgDeposit(params: {
  key: Uint8Array
  prefix: string
  chainId: string
  accountNumber: bigint
  sequence: bigint
  memo: string
}): Promise<{ txBytes: Uint8Array; hash: string; signer: string }> {
  const wallet = await DirectSecp256k1Wallet.fromKey(params.key, params.prefix)
  const [account] = await wallet.getAccounts()
  if (account === undefined) throw new Error('the THORChain key has no account')
  const bodyBytes = TxBody.encode(
    TxBody.fromPartial({
      messages: [
        {
          typeUrl: MSG_DEPOSIT_TYPE_URL,
          value: encodeMsgDeposit({
            coins: [],
            memo: params.memo,
            signer: fromBech32(account.address, BECH32_LIMIT).data,
          }),
        },
      ],
    }),
  ).finish()
  const authInfoBytes = makeAuthInfoBytes(
    [
      {
        pubkey: {
          typeUrl: '/cosmos.crypto.secp256k1.PubKey',
          value: PubKey.encode({ key: account.pubkey }).finish(),
        },
        sequence: Number(params.sequence),
      },
    ],
    [],
    DEPOSIT_GAS_LIMIT,
    undefined,
    undefined,
  )
  const signDoc = makeSignDoc(bodyBytes, authInfoBytes, params.chainId, Number(params.accountNumber))
  const { signed, signature } = await wallet.signDirect(account.address, signDoc)
  const txBytes = TxRaw.encode(
    TxRaw.fromPartial({
      bodyBytes: signed.bodyBytes,
      authInfoBytes: signed.authInfoBytes,
      signatures: [fromBase64(signature.signature)],
    }),
  ).finish()
  return { txBytes, hash: toHex(sha256(txBytes)).toUpperCase(), signer: account.address }
}
