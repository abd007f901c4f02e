import { fromBech32 } from '@cosmjs/encoding'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { CosmosTxError } from './CosmosTxError'
import { type CosmosCoin, parseCoins } from './cosmosCoins'

export const MSG_SEND_TYPE_URL = '/cosmos.bank.v1beta1.MsgSend'

/** A bank send of a decoded transaction, validated (addresses of the chain, positive sorted coins). */
export interface DecodedSend {
  readonly fromAddress: string
  readonly toAddress: string
  readonly amount: readonly CosmosCoin[]
}

/** A transaction decoded from its protobuf `TxRaw` bytes, with what the ante handler and the messages need. */
export interface DecodedCosmosTx {
  readonly raw: TxRaw
  readonly body: TxBody
  readonly authInfo: AuthInfo
  readonly sends: readonly DecodedSend[]
  /** Signer addresses in the order of the messages, each once (the SDK's `GetSigners`). */
  readonly signers: readonly string[]
  readonly fee: readonly CosmosCoin[]
  readonly gasLimit: bigint
}

/**
 * BIP-173's length limit, passed explicitly: cosmjs 0.39's default (Infinity) is refused by the @scure/base
 * 2 it installs, so `fromBech32(address)` without a limit throws for every address.
 */
const BECH32_LIMIT = 90

/** Whether `address` is a bech32 account address with `prefix` (20 or 32 bytes). */
export function isCosmosAddress(address: string, prefix: string): boolean {
  try {
    const { prefix: found, data } = fromBech32(address, BECH32_LIMIT)
    return found === prefix && (data.length === 20 || data.length === 32)
  } catch {
    return false
  }
}

/**
 * Decodes `txBytes` as a protobuf `TxRaw` (body, auth info, signatures) and runs the stateless checks of
 * the SDK (`ValidateBasic`): only `MsgSend` is known to this chain (others: code 2, `unable to resolve type
 * URL`), at least one message (18), valid addresses (7) and coins (10), a fee (13), no fee granter (37, not
 * served here), as many signer infos and signatures as signers (4), at least one signature (15).
 */
export function decodeCosmosTx(txBytes: Uint8Array, prefix: string): DecodedCosmosTx {
  let raw: TxRaw
  let body: TxBody
  let authInfo: AuthInfo
  try {
    raw = TxRaw.decode(txBytes)
    body = TxBody.decode(raw.bodyBytes)
    authInfo = AuthInfo.decode(raw.authInfoBytes)
  } catch (error: unknown) {
    throw new CosmosTxError(2, error instanceof Error ? error.message : String(error))
  }
  if (body.messages.length === 0) throw new CosmosTxError(18, 'must contain at least one message')
  const sends = body.messages.map((any): DecodedSend => {
    if (any.typeUrl !== MSG_SEND_TYPE_URL)
      throw new CosmosTxError(2, `unable to resolve type URL ${any.typeUrl}`)
    let msg: MsgSend
    try {
      msg = MsgSend.decode(any.value)
    } catch (error: unknown) {
      throw new CosmosTxError(2, error instanceof Error ? error.message : String(error))
    }
    if (!isCosmosAddress(msg.fromAddress, prefix))
      throw new CosmosTxError(7, `invalid from address: ${msg.fromAddress}`)
    if (!isCosmosAddress(msg.toAddress, prefix))
      throw new CosmosTxError(7, `invalid to address: ${msg.toAddress}`)
    const amount = parseCoins(msg.amount)
    if (amount.length === 0) throw new CosmosTxError(10, '')
    return { fromAddress: msg.fromAddress, toAddress: msg.toAddress, amount }
  })
  const signers = [...new Set(sends.map((send) => send.fromAddress))]
  const { fee } = authInfo
  if (!fee) throw new CosmosTxError(13, 'fee is required')
  if (fee.granter) throw new CosmosTxError(37, 'fee grants are not served by this devnet')
  if (fee.payer && !signers.includes(fee.payer))
    throw new CosmosTxError(4, `fee payer ${fee.payer} is not a signer`)
  let feeCoins: CosmosCoin[]
  try {
    feeCoins = parseCoins(fee.amount, true)
  } catch (error: unknown) {
    if (error instanceof CosmosTxError) throw new CosmosTxError(13, 'invalid fee amount')
    throw error
  }
  if (raw.signatures.length === 0) throw new CosmosTxError(15, '')
  if (raw.signatures.length !== signers.length)
    throw new CosmosTxError(
      4,
      `wrong number of signers; expected ${signers.length}, got ${raw.signatures.length}`,
    )
  if (authInfo.signerInfos.length !== signers.length)
    throw new CosmosTxError(
      4,
      `invalid number of signer;  expected: ${signers.length}, got ${authInfo.signerInfos.length}`,
    )
  return { raw, body, authInfo, sends, signers, fee: feeCoins, gasLimit: fee.gasLimit }
}
