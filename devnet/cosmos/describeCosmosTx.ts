import { toBase64, toHex } from '@cosmjs/encoding'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { signModeToJSON } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing'
import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import type { CosmosBlock, CosmosTxResult } from './createCosmosLedger'
import type { CosmosEvent } from './transferEvents'

/** A transaction's result as CometBFT's RPC writes it (`tx_result`, `txs_results[]`). */
export function describeTxResult(result: {
  code: number
  codespace: string
  log: string
  data: Uint8Array
  gasWanted: bigint
  gasUsed: bigint
  events: readonly CosmosEvent[]
}) {
  return {
    code: result.code,
    data: result.data.length > 0 ? toBase64(result.data) : null,
    log: result.log,
    info: '',
    gas_wanted: result.gasWanted.toString(),
    gas_used: result.gasUsed.toString(),
    events: result.events,
    codespace: result.codespace,
  }
}

/** A committed transaction as CometBFT's `tx` and `tx_search` return it. */
export function describeRpcTx(result: CosmosTxResult) {
  return {
    hash: result.hash,
    height: String(result.height),
    index: result.index,
    tx_result: describeTxResult(result),
    tx: toBase64(result.tx),
  }
}

/**
 * The transaction in the Cosmos REST API's JSON (`/cosmos/tx/v1beta1/txs/{hash}`'s `tx`): snake_case fields,
 * `@type` on every Any, amounts as strings. Messages other than MsgSend cannot be in a block of this chain.
 */
export function describeTxJson(txBytes: Uint8Array) {
  const raw = TxRaw.decode(txBytes)
  const body = TxBody.decode(raw.bodyBytes)
  const authInfo = AuthInfo.decode(raw.authInfoBytes)
  const coins = (list: readonly { denom: string; amount: string }[]) =>
    list.map(({ denom, amount }) => ({ denom, amount }))
  return {
    body: {
      messages: body.messages.map((any) => {
        const msg = MsgSend.decode(any.value)
        return {
          '@type': any.typeUrl,
          from_address: msg.fromAddress,
          to_address: msg.toAddress,
          amount: coins(msg.amount),
        }
      }),
      memo: body.memo,
      timeout_height: body.timeoutHeight.toString(),
      extension_options: [],
      non_critical_extension_options: [],
    },
    auth_info: {
      signer_infos: authInfo.signerInfos.map((info) => ({
        public_key: info.publicKey
          ? { '@type': info.publicKey.typeUrl, key: toBase64(PubKey.decode(info.publicKey.value).key) }
          : null,
        mode_info: {
          single: { mode: signModeToJSON(info.modeInfo?.single?.mode ?? 0) },
        },
        sequence: info.sequence.toString(),
      })),
      fee: {
        amount: coins(authInfo.fee?.amount ?? []),
        gas_limit: (authInfo.fee?.gasLimit ?? 0n).toString(),
        payer: authInfo.fee?.payer ?? '',
        granter: authInfo.fee?.granter ?? '',
      },
      tip: null,
    },
    signatures: raw.signatures.map((signature) => toBase64(signature)),
  }
}

/** `tx_response` of the Cosmos REST API for a committed transaction. */
export function describeTxResponse(result: CosmosTxResult, block: CosmosBlock | undefined) {
  return {
    height: String(result.height),
    txhash: result.hash,
    codespace: result.codespace,
    code: result.code,
    data: toHex(result.data).toUpperCase(),
    raw_log: result.log,
    logs: [],
    info: '',
    gas_wanted: result.gasWanted.toString(),
    gas_used: result.gasUsed.toString(),
    tx: { '@type': '/cosmos.tx.v1beta1.Tx', ...describeTxJson(result.tx) },
    timestamp: block ? new Date(block.time).toISOString().replace(/\.\d{3}Z$/, 'Z') : '',
    events: result.events,
  }
}
