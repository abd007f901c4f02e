import { rawSecp256k1PubkeyToRawAddress } from '@cosmjs/amino'
import { fromBase64, toBase64, toBech32, toHex } from '@cosmjs/encoding'
import { sha256 } from '@noble/hashes/sha2'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { SignMode } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing'
import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { decodeMsgDeposit } from '../../server/thorchain/decodeMsgDeposit'
import { MSG_DEPOSIT_TYPE_URL, type MsgDeposit } from '../../server/thorchain/encodeMsgDeposit'
import { extractMemoReference } from '../../server/thorchain/extractMemoReference'
import { parseReferenceMemo } from '../../server/thorchain/parseReferenceMemo'
import { MemoError } from '../../server/thorchain/parseSwapMemo'
import { formatThorAsset } from '../../server/thorchain/thorAsset'
import { CosmosTxError } from '../cosmos/CosmosTxError'
import { verifyDirectSignature } from '../cosmos/verifyDirectSignature'
import type { ThorchainSpec } from './thorchainSpec'

/** An account of THORChain: number, sequence, public key once it signed, RUNE in 1e8 units. */
export interface ThorchainAccount {
  readonly accountNumber: bigint
  readonly sequence: bigint
  /** The compressed secp256k1 public key, base64. */
  readonly pubKey?: string
  readonly rune: bigint
}

/** A registered memo: deposits of `asset` whose amount carries `reference` act as `memo`. */
export interface ReferenceMemoRecord {
  /** `CHAIN.SYMBOL`. */
  readonly asset: string
  readonly memo: string
  /** Zero-padded to the length of the reference count (`00042`). */
  readonly reference: string
  /** The THORChain block that registered it. */
  readonly height: number
  /** The registering transaction's hash (upper-case hex). */
  readonly registrationHash: string
  readonly registeredBy: string
  /** Inbounds that used it, successfully or not (THORChain counts both). */
  readonly usedByTxs: readonly string[]
}

/** The outcome of a committed transaction. */
export interface ThorchainTxResult {
  readonly hash: string
  readonly height: number
  /** 0 on success, else the SDK error code. */
  readonly code: number
  readonly log: string
  readonly memo: string
}

/** The ledger's state: what the network's state file keeps of THORChain itself. */
export interface ThorchainLedgerState {
  /** The last committed block (0 before the first). */
  height: number
  accounts: Record<string, ThorchainAccount>
  nextAccountNumber: bigint
  /** Registrations by `ASSET/reference`. */
  references: Record<string, ReferenceMemoRecord>
  /** The last reference handed out per asset (where the next search starts). */
  lastReferences: Record<string, string>
  txs: Record<string, ThorchainTxResult>
  /** Accepted transactions waiting for the next block, `TxRaw` bytes in base64. */
  mempool: string[]
}

/** THORNode's `/thorchain/memo/check` answer for an amount. */
export interface ReferencePreflight {
  readonly reference: string
  /** True when no live registration holds the reference. */
  readonly available: boolean
  readonly canRegister: boolean
  /** The block at which the live registration expires; 0 when available. */
  readonly expiresAt: number
  readonly usageCount: number
  readonly maxUse: number
  /** The live registration's memo. */
  readonly memo?: string
}

/** What a deposit without a memo resolves to: the registered memo, or '' (refunded) and why. */
export interface MemolessResolution {
  readonly memo: string
  readonly reference?: string
  readonly reason?: string
}

export interface ThorchainLedger {
  readonly spec: ThorchainSpec
  /** The last committed block. */
  height(): number
  /**
   * CheckTx: decodes the `TxRaw` bytes (one `MsgDeposit`), checks signer, public key, sequence, signature and the
   * native fee against the accounts as the mempool leaves them, and queues it; returns its hash (upper-case hex).
   * Throws CosmosTxError with the SDK's code.
   */
  checkTx(txBytes: Uint8Array): string
  /** Executes the mempool in order as the next block. */
  commitBlock(): void
  getAccount(address: string): ThorchainAccount | undefined
  getTx(hash: string): ThorchainTxResult | undefined
  getReference(asset: string, reference: string): ReferenceMemoRecord | undefined
  getReferenceByHash(hash: string): ReferenceMemoRecord | undefined
  /** THORNode's preflight of a deposit amount (1e8 units); undefined when the amount carries no reference. */
  checkReference(asset: string, amountE8: bigint): ReferencePreflight | undefined
  /**
   * The memo of a deposit that came without one (THORChain's `fetchMemoFromReference`), observed in block
   * `observedHeight`: the registration its amount's reference names, when it was registered in an earlier block,
   * has not expired and has uses left; else ''. Either way the use is counted.
   */
  resolveMemoless(params: {
    asset: string
    amountE8: bigint
    txId: string
    observedHeight: number
  }): MemolessResolution
}

/** THORChain's decimals of a chain's gas asset where it is not 8 (`GetGasAssetDecimal`). */
const gasAssetDecimals: Readonly<Record<string, number>> = { GAIA: 6 }

/** A new ledger's state: `balances` of RUNE (1e8 units) at genesis, accounts numbered in their order. */
export function createThorchainGenesis(
  balances: readonly { address: string; rune: bigint }[],
): ThorchainLedgerState {
  return {
    height: 0,
    accounts: Object.fromEntries(
      balances.map((b, index) => [b.address, { accountNumber: BigInt(index), sequence: 0n, rune: b.rune }]),
    ),
    nextAccountNumber: BigInt(balances.length),
    references: {},
    lastReferences: {},
    txs: {},
    mempool: [],
  }
}

interface DecodedDeposit {
  readonly raw: TxRaw
  readonly msg: MsgDeposit
  readonly signer: string
  readonly pubKey: Uint8Array | undefined
  readonly sequence: bigint
  readonly signMode: SignMode | undefined
}

/**
 * The devnet's THORChain, as far as memoless deposits need it: accounts holding RUNE, and transactions of one
 * `MsgDeposit` taken as real protobuf `TxRaw` bytes (SIGN_MODE_DIRECT, this chain id and the account number),
 * charged THORChain's native fee; the one memo served is the registration `REFERENCE:ASSET:MEMO`
 * (`parseReferenceMemo`), which hands out references as THORChain does (the next free one after the asset's
 * last, wrapping once; a registration past its TTL is free again). `resolveMemoless` is what the network's
 * observer asks for a deposit that arrived without a memo. `state` is read and changed in place: the caller
 * persists it. Pure apart from hashing.
 */
export function createThorchainLedger(params: {
  spec: ThorchainSpec
  state: ThorchainLedgerState
  /** Whether deposits of `asset` (`CHAIN.SYMBOL`) may be registered: a pooled gas asset. */
  isRegistrable: (asset: string) => boolean
}): ThorchainLedger {
  const { spec, state, isRegistrable } = params
  const digits = String(spec.memoless.refCount).length
  const keyOf = (asset: string, reference: string) => `${asset}/${reference}`
  const hashOf = (bytes: Uint8Array) => toHex(sha256(bytes)).toUpperCase()
  /** The accounts as the mempool leaves them (CheckTx's state). */
  let checkAccounts = { ...state.accounts }

  function decode(bytes: Uint8Array): DecodedDeposit {
    let raw: TxRaw
    let body: TxBody
    let authInfo: AuthInfo
    try {
      raw = TxRaw.decode(bytes)
      body = TxBody.decode(raw.bodyBytes)
      authInfo = AuthInfo.decode(raw.authInfoBytes)
    } catch (error: unknown) {
      throw new CosmosTxError(2, error instanceof Error ? error.message : String(error))
    }
    const [any, ...more] = body.messages
    if (any === undefined) throw new CosmosTxError(18, 'must contain at least one message')
    if (more.length > 0)
      throw new CosmosTxError(18, "this devnet's THORChain takes one message a transaction")
    if (any.typeUrl !== MSG_DEPOSIT_TYPE_URL)
      throw new CosmosTxError(2, `unable to resolve type URL ${any.typeUrl}`)
    let msg: MsgDeposit
    try {
      msg = decodeMsgDeposit(any.value)
    } catch (error: unknown) {
      throw new CosmosTxError(2, error instanceof Error ? error.message : String(error))
    }
    if (msg.signer.length !== 20) throw new CosmosTxError(7, 'invalid signer address')
    if (msg.coins.some((coin) => coin.asset.chain !== 'THOR'))
      throw new CosmosTxError(6, 'all coins must be native to THORChain')
    const memoBytes = new TextEncoder().encode(msg.memo).length
    if (memoBytes > spec.maxMemoBytes)
      throw new CosmosTxError(6, `memo must not exceed ${spec.maxMemoBytes} bytes: ${memoBytes}`)
    if (raw.signatures.length !== 1 || authInfo.signerInfos.length !== 1)
      throw new CosmosTxError(4, `wrong number of signers; expected 1, got ${raw.signatures.length}`)
    const info = authInfo.signerInfos[0]
    if (info?.publicKey !== undefined && info.publicKey.typeUrl !== '/cosmos.crypto.secp256k1.PubKey')
      throw new CosmosTxError(8, `unsupported public key type ${info.publicKey.typeUrl}`)
    return {
      raw,
      msg,
      signer: toBech32(spec.bech32Prefix, msg.signer),
      pubKey: info?.publicKey === undefined ? undefined : PubKey.decode(info.publicKey.value).key,
      sequence: info?.sequence ?? 0n,
      signMode: info?.modeInfo?.single?.mode,
    }
  }

  /** The ante handler on `accounts`: the signer's key, sequence, signature and native fee; returns the account after. */
  function ante(accounts: Record<string, ThorchainAccount>, tx: DecodedDeposit): ThorchainAccount {
    const account = accounts[tx.signer]
    if (account === undefined) throw new CosmosTxError(9, `account ${tx.signer} does not exist`)
    if (
      tx.pubKey !== undefined &&
      toBech32(spec.bech32Prefix, rawSecp256k1PubkeyToRawAddress(tx.pubKey)) !== tx.signer
    )
      throw new CosmosTxError(8, `pubKey does not match signer address ${tx.signer} with signer index: 0`)
    const pubKey = tx.pubKey ?? (account.pubKey === undefined ? undefined : fromBase64(account.pubKey))
    if (pubKey === undefined) throw new CosmosTxError(8, 'pubkey on account is not set')
    if (tx.sequence !== account.sequence)
      throw new CosmosTxError(
        32,
        `account sequence mismatch, expected ${account.sequence}, got ${tx.sequence}`,
      )
    if (tx.signMode !== SignMode.SIGN_MODE_DIRECT)
      throw new CosmosTxError(37, 'only SIGN_MODE_DIRECT is served by this devnet')
    const signed = verifyDirectSignature({
      bodyBytes: tx.raw.bodyBytes,
      authInfoBytes: tx.raw.authInfoBytes,
      chainId: spec.chainId,
      accountNumber: account.accountNumber,
      signature: tx.raw.signatures[0] ?? new Uint8Array(),
      pubKey,
    })
    if (!signed)
      throw new CosmosTxError(
        4,
        `signature verification failed; please verify account number (${account.accountNumber}), sequence (${account.sequence}) and chain-id (${spec.chainId})`,
      )
    if (account.rune < spec.nativeTxFee)
      throw new CosmosTxError(5, `${account.rune}rune is smaller than the native fee ${spec.nativeTxFee}rune`)
    return {
      ...account,
      pubKey: toBase64(pubKey),
      sequence: account.sequence + 1n,
      rune: account.rune - spec.nativeTxFee,
    }
  }

  const isLive = (record: ReferenceMemoRecord | undefined, height: number) =>
    record !== undefined && height < record.height + spec.memoless.ttlBlocks

  /** THORChain's `nextReference`: the first free reference after the asset's last, wrapping to 1 once. */
  function nextReference(asset: string, height: number): string | undefined {
    const end = spec.memoless.refCount
    let position = Number(state.lastReferences[asset] ?? '0') + 1
    for (let scanned = 0; scanned < end; scanned++, position++) {
      if (position > end) position = 1
      const reference = String(position).padStart(digits, '0')
      if (!isLive(state.references[keyOf(asset, reference)], height)) return reference
    }
    return undefined
  }

  /** The message of a block's transaction: the memo registration. Throws CosmosTxError. */
  function runDeposit(tx: DecodedDeposit, hash: string, height: number) {
    if (tx.msg.coins.length > 0)
      throw new CosmosTxError(
        6,
        "this devnet's THORChain serves memo registrations only, which carry no coins",
      )
    let registration: ReturnType<typeof parseReferenceMemo>
    try {
      registration = parseReferenceMemo(tx.msg.memo)
    } catch (error: unknown) {
      if (error instanceof MemoError) throw new CosmosTxError(6, `invalid memo: ${error.message}`)
      throw error
    }
    const asset = formatThorAsset(registration.asset)
    if (!isRegistrable(asset)) throw new CosmosTxError(6, `memoless deposits of ${asset} are not served`)
    const reference = nextReference(asset, height)
    if (reference === undefined) throw new CosmosTxError(6, 'unable to find an available reference')
    state.references[keyOf(asset, reference)] = {
      asset,
      memo: registration.memo,
      reference,
      height,
      registrationHash: hash,
      registeredBy: tx.signer,
      usedByTxs: [],
    }
    state.lastReferences[asset] = reference
  }

  function deliver(bytes: Uint8Array, height: number): ThorchainTxResult {
    const hash = hashOf(bytes)
    let memo = ''
    try {
      const tx = decode(bytes)
      memo = tx.msg.memo
      const after = ante(state.accounts, tx)
      // the fee and the sequence are taken even when the message fails, as the SDK does
      state.accounts[tx.signer] = after
      try {
        runDeposit(tx, hash, height)
      } catch (error: unknown) {
        if (error instanceof CosmosTxError)
          return { hash, height, code: error.code, log: error.message, memo }
        throw error
      }
      return { hash, height, code: 0, log: '', memo }
    } catch (error: unknown) {
      if (error instanceof CosmosTxError) return { hash, height, code: error.code, log: error.message, memo }
      throw error
    }
  }

  function checkTx(bytes: Uint8Array): string {
    const hash = hashOf(bytes)
    if (state.txs[hash] !== undefined || state.mempool.some((tx) => hashOf(fromBase64(tx)) === hash))
      throw new CosmosTxError(19, 'tx already exists in cache')
    const tx = decode(bytes)
    checkAccounts[tx.signer] = ante(checkAccounts, tx)
    state.mempool.push(toBase64(bytes))
    return hash
  }

  // a saved mempool is checked again, so CheckTx's state knows the sequences it took
  for (const tx of state.mempool.splice(0)) {
    try {
      checkTx(fromBase64(tx))
    } catch (error: unknown) {
      if (!(error instanceof CosmosTxError)) throw error
    }
  }

  return {
    spec,
    height: () => state.height,
    checkTx,
    commitBlock() {
      const height = state.height + 1
      for (const tx of state.mempool.splice(0)) {
        const result = deliver(fromBase64(tx), height)
        state.txs[result.hash] = result
      }
      state.height = height
      checkAccounts = { ...state.accounts }
    },
    getAccount: (address) => state.accounts[address],
    getTx: (hash) => state.txs[hash.toUpperCase()],
    getReference: (asset, reference) => state.references[keyOf(asset, reference.padStart(digits, '0'))],
    getReferenceByHash: (hash) =>
      Object.values(state.references).find((r) => r.registrationHash === hash.toUpperCase()),
    checkReference(asset, amountE8) {
      const reference = extractMemoReference(
        amountE8,
        gasAssetDecimals[asset.split('.')[0] ?? ''] ?? 8,
        spec.memoless.refCount,
      )
      if (reference === undefined) return undefined
      const record = state.references[keyOf(asset, reference)]
      const base = { reference, usageCount: record?.usedByTxs.length ?? 0, maxUse: spec.memoless.maxUse }
      if (record === undefined || !isLive(record, state.height))
        return { ...base, available: true, canRegister: true, expiresAt: 0 }
      return {
        ...base,
        available: false,
        canRegister: false,
        expiresAt: record.height + spec.memoless.ttlBlocks,
        memo: record.memo,
      }
    },
    resolveMemoless({ asset, amountE8, txId, observedHeight }) {
      const reference = extractMemoReference(
        amountE8,
        gasAssetDecimals[asset.split('.')[0] ?? ''] ?? 8,
        spec.memoless.refCount,
      )
      if (reference === undefined)
        return { memo: '', reason: 'no memo, and no memoless reference in the amount' }
      const key = keyOf(asset, reference)
      const record = state.references[key]
      if (record === undefined)
        return { memo: '', reference, reason: `no memo registered for reference ${reference}` }
      const usedBefore = record.usedByTxs.filter((id) => id !== txId).length
      // every use counts, failed or not; the same inbound read again (after a rollback) counts once
      if (!record.usedByTxs.includes(txId))
        state.references[key] = { ...record, usedByTxs: [...record.usedByTxs, txId] }
      if (observedHeight <= record.height)
        return { memo: '', reference, reason: `observed before reference ${reference} was registered` }
      if (!isLive(record, observedHeight))
        return { memo: '', reference, reason: `the registration of reference ${reference} expired` }
      if (spec.memoless.maxUse > 0 && usedBefore >= spec.memoless.maxUse)
        return { memo: '', reference, reason: `reference ${reference} was used ${usedBefore} times already` }
      return { memo: record.memo, reference }
    },
  }
}
