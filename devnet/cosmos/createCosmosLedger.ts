import { rawSecp256k1PubkeyToRawAddress } from '@cosmjs/amino'
import { fromBase64, toBase64, toBech32, toHex } from '@cosmjs/encoding'
import { sha256 } from '@noble/hashes/sha2'
import { MsgSendResponse } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { TxMsgData } from 'cosmjs-types/cosmos/base/abci/v1beta1/abci'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { SignMode, signModeToJSON } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing'
import { CosmosTxError } from './CosmosTxError'
import { type CosmosCoin, formatCoins } from './cosmosCoins'
import { type CosmosHubSpec, minimumFee } from './cosmosHubSpec'
import { createGasMeter, type GasMeter } from './createGasMeter'
import { type DecodedCosmosTx, decodeCosmosTx } from './decodeCosmosTx'
import { type CosmosEvent, cosmosEvent, transferEvents } from './transferEvents'
import { verifyDirectSignature } from './verifyDirectSignature'

/** An account of x/auth: number, sequence and, once it has signed, its public key. */
export interface CosmosAccount {
  readonly address: string
  readonly accountNumber: bigint
  readonly sequence: bigint
  /** The compressed secp256k1 public key (33 bytes), known after the first signed transaction. */
  readonly pubKey: Uint8Array | undefined
}

/** The outcome of a transaction in a block (CometBFT's `ExecTxResult` with the block position). */
export interface CosmosTxResult {
  /** sha256 of the tx bytes, upper-case hex. */
  readonly hash: string
  readonly height: number
  readonly index: number
  readonly tx: Uint8Array
  /** 0 on success, else the SDK error code (fees and sequence are still taken when a message fails). */
  readonly code: number
  readonly codespace: string
  readonly log: string
  /** `TxMsgData` protobuf (the messages' responses). */
  readonly data: Uint8Array
  readonly gasWanted: bigint
  readonly gasUsed: bigint
  readonly events: readonly CosmosEvent[]
}

/** A committed block. */
export interface CosmosBlock {
  readonly height: number
  /** Block time, ms since the epoch. */
  readonly time: number
  /** Upper-case hex. */
  readonly hash: string
  readonly previousHash: string
  /** sha256 over the committed state after the block, upper-case hex. */
  readonly appHash: string
  readonly txs: readonly Uint8Array[]
  readonly results: readonly CosmosTxResult[]
}

/** What CheckTx answered for an accepted transaction (its ante handler's gas and events). */
export interface CheckTxResult {
  readonly hash: string
  readonly gasWanted: bigint
  readonly gasUsed: bigint
  readonly events: readonly CosmosEvent[]
}

/** A genesis balance. */
export interface GenesisBalance {
  readonly address: string
  readonly denom: string
  readonly amount: bigint
}

/** The persisted ledger: genesis, every block's time and transactions (with their result codes), the mempool. */
export interface CosmosLedgerState {
  readonly genesis: { readonly balances: readonly GenesisBalance[] }
  readonly blocks: readonly { time: number; txs: readonly string[]; codes: readonly number[] }[]
  readonly mempool: readonly string[]
}

export interface CosmosLedger {
  readonly spec: CosmosHubSpec
  /** CheckTx: decodes, runs the ante handler against the mempool's state and queues the transaction. */
  checkTx(txBytes: Uint8Array): CheckTxResult
  /** Runs the transaction without signatures checked and without effects (`Service/Simulate`). */
  simulate(txBytes: Uint8Array): { gasUsed: bigint; events: readonly CosmosEvent[]; data: Uint8Array }
  /** FinalizeBlock + Commit: executes the mempool in order into the next block. */
  commitBlock(time: number): CosmosBlock
  /** The last committed height (0 before the first block). */
  height(): number
  getBlock(height: number): CosmosBlock | undefined
  getTx(hash: string): CosmosTxResult | undefined
  /** Every committed transaction result, in chain order. */
  listTxs(): readonly CosmosTxResult[]
  getAccount(address: string): CosmosAccount | undefined
  /** The account as the mempool leaves it (the sequence its next transaction must sign). */
  getPendingAccount(address: string): CosmosAccount | undefined
  getBalance(address: string, denom: string): bigint
  /** Non-zero balances sorted by denomination. */
  getAllBalances(address: string): CosmosCoin[]
  /** Hashes of the queued transactions. */
  getMempool(): readonly string[]
  exportState(): CosmosLedgerState
}

interface BankState {
  accounts: Map<string, CosmosAccount>
  balances: Map<string, Map<string, bigint>>
  nextAccountNumber: bigint
}

type Mode = 'check' | 'deliver' | 'simulate'

/** x/auth's default `tx_size_cost_per_byte` and `sig_verify_cost_secp256k1`. */
const TX_SIZE_COST_PER_BYTE = 10n
const SIG_VERIFY_COST_SECP256K1 = 1000n
/** Store gas of one read and one write of an account or balance (flat costs plus a typical entry's bytes). */
const READ_GAS = 1_300n
const WRITE_GAS = 5_000n
/** Bytes a signature and its signer info add to a transaction simulated without them. */
const SIMULATED_SIGNATURE_BYTES = 110n

const cloneState = (state: BankState): BankState => ({
  accounts: new Map(state.accounts),
  balances: new Map([...state.balances].map(([address, coins]) => [address, new Map(coins)])),
  nextAccountNumber: state.nextAccountNumber,
})

/**
 * The Cosmos Hub's ledger for the devnet (bank and auth, as gaia runs them): bech32 accounts with numbers
 * and sequences, balances per denomination, and transactions taken as real protobuf `TxRaw` bytes. CheckTx
 * runs the SDK's ante handler in its order (memo size, timeout height, tx-size gas, minimum gas price, fee
 * deduction, public key against the signer's address, sequence, a secp256k1 signature over the
 * SIGN_MODE_DIRECT SignDoc with this chain id and the account number, sequence increment) and refuses with
 * the SDK's codes; a block then executes each `MsgSend`, failing a message with its code while the fee and
 * sequence stay taken, as the SDK does. Results carry the SDK's events (fee and transfers) and hashes are the
 * sha256 of the tx bytes. `state` replays a saved ledger through the same checks and refuses one whose
 * results differ. Pure apart from hashing: block times come from the caller.
 */
export function createCosmosLedger(
  spec: CosmosHubSpec,
  genesis: readonly GenesisBalance[],
  state?: CosmosLedgerState,
): CosmosLedger {
  let committed: BankState = { accounts: new Map(), balances: new Map(), nextAccountNumber: 0n }
  const blocks: CosmosBlock[] = []
  const byHash = new Map<string, CosmosTxResult>()
  const allTxs: CosmosTxResult[] = []
  let mempool: { hash: string; bytes: Uint8Array }[] = []
  const savedBlocks: { time: number; txs: string[]; codes: number[] }[] = []

  const hashOf = (bytes: Uint8Array) => toHex(sha256(bytes)).toUpperCase()

  function balanceOf(bank: BankState, address: string, denom: string): bigint {
    return bank.balances.get(address)?.get(denom) ?? 0n
  }

  function setBalance(bank: BankState, address: string, denom: string, amount: bigint) {
    const coins = bank.balances.get(address) ?? new Map<string, bigint>()
    if (amount === 0n) coins.delete(denom)
    else coins.set(denom, amount)
    bank.balances.set(address, coins)
  }

  function ensureAccount(bank: BankState, address: string) {
    if (bank.accounts.has(address) || address === spec.feeCollector) return
    bank.accounts.set(address, {
      address,
      accountNumber: bank.nextAccountNumber,
      sequence: 0n,
      pubKey: undefined,
    })
    bank.nextAccountNumber += 1n
  }

  /** x/bank's SendCoins: spendable balance checked per coin, the recipient's account created if new. */
  function sendCoins(bank: BankState, from: string, to: string, amount: readonly CosmosCoin[]) {
    for (const coin of amount) {
      const have = balanceOf(bank, from, coin.denom)
      if (have < coin.amount)
        throw new CosmosTxError(
          5,
          `spendable balance ${have}${coin.denom} is smaller than ${coin.amount}${coin.denom}`,
        )
      setBalance(bank, from, coin.denom, have - coin.amount)
      setBalance(bank, to, coin.denom, balanceOf(bank, to, coin.denom) + coin.amount)
    }
    ensureAccount(bank, to)
  }

  for (const entry of genesis) {
    ensureAccount(committed, entry.address)
    setBalance(
      committed,
      entry.address,
      entry.denom,
      balanceOf(committed, entry.address, entry.denom) + entry.amount,
    )
  }
  let checkState = cloneState(committed)

  function verifySignature(tx: DecodedCosmosTx, index: number, account: CosmosAccount, pubKey: Uint8Array) {
    const ok = verifyDirectSignature({
      bodyBytes: tx.raw.bodyBytes,
      authInfoBytes: tx.raw.authInfoBytes,
      chainId: spec.chainId,
      accountNumber: account.accountNumber,
      signature: tx.raw.signatures[index] ?? new Uint8Array(),
      pubKey,
    })
    if (!ok)
      throw new CosmosTxError(
        4,
        `signature verification failed; please verify account number (${account.accountNumber}), sequence (${account.sequence}) and chain-id (${spec.chainId})`,
      )
  }

  /** The ante handler: mutates `bank` (fee, public keys, sequences) and returns its events. */
  function ante(
    bank: BankState,
    tx: DecodedCosmosTx,
    txBytes: Uint8Array,
    mode: Mode,
    gas: GasMeter,
    height: number,
  ) {
    const events: CosmosEvent[] = []
    if (tx.body.memo.length > spec.maxMemoCharacters)
      throw new CosmosTxError(
        12,
        `maximum number of characters is ${spec.maxMemoCharacters} but received ${tx.body.memo.length} characters`,
      )
    if (tx.body.timeoutHeight > 0n && BigInt(height) > tx.body.timeoutHeight)
      throw new CosmosTxError(30, `block height: ${height}, timeout height: ${tx.body.timeoutHeight}`)
    const simulatedBytes = mode === 'simulate' ? SIMULATED_SIGNATURE_BYTES * BigInt(tx.signers.length) : 0n
    gas.consume((BigInt(txBytes.length) + simulatedBytes) * TX_SIZE_COST_PER_BYTE, 'txSize')
    if (mode === 'check') {
      const required = minimumFee(spec, tx.gasLimit)
      const paid = tx.fee.find((coin) => coin.denom === spec.denom)?.amount ?? 0n
      if (required > 0n && paid < required)
        throw new CosmosTxError(
          13,
          `insufficient fees; got: ${formatCoins(tx.fee)} required: ${required}${spec.denom}`,
        )
    }
    const payer = tx.authInfo.fee?.payer || tx.signers[0] || ''
    gas.consume(READ_GAS, 'ReadFlat')
    if (!bank.accounts.has(payer)) throw new CosmosTxError(9, `fee payer address: ${payer} does not exist`)
    if (tx.fee.length > 0 || mode === 'simulate') gas.consume(2n * (READ_GAS + WRITE_GAS), 'WriteFlat')
    if (tx.fee.length > 0) {
      sendCoins(bank, payer, spec.feeCollector, tx.fee)
      events.push(...transferEvents(payer, spec.feeCollector, tx.fee))
    }
    events.push(
      cosmosEvent('tx', [
        ['fee', formatCoins(tx.fee)],
        ['fee_payer', payer],
      ]),
    )
    const signatureEvents: CosmosEvent[] = []
    tx.signers.forEach((signer, index) => {
      gas.consume(READ_GAS + WRITE_GAS, 'ReadFlat')
      const account = bank.accounts.get(signer)
      if (!account) throw new CosmosTxError(9, `account ${signer} does not exist`)
      const info = tx.authInfo.signerInfos[index]
      let pubKey = account.pubKey
      if (info?.publicKey) {
        if (info.publicKey.typeUrl !== '/cosmos.crypto.secp256k1.PubKey')
          throw new CosmosTxError(8, `unsupported public key type ${info.publicKey.typeUrl}`)
        const key = PubKey.decode(info.publicKey.value).key
        const derived = toBech32(spec.bech32Prefix, rawSecp256k1PubkeyToRawAddress(key))
        if (derived !== signer)
          throw new CosmosTxError(
            8,
            `pubKey does not match signer address ${signer} with signer index: ${index}`,
          )
        pubKey = key
      }
      if (!pubKey) throw new CosmosTxError(8, `pubkey on account is not set`)
      gas.consume(SIG_VERIFY_COST_SECP256K1, 'ante verify: secp256k1')
      const sequence = info?.sequence ?? 0n
      if (sequence !== account.sequence)
        throw new CosmosTxError(
          32,
          `account sequence mismatch, expected ${account.sequence}, got ${sequence}`,
        )
      if (mode !== 'simulate') {
        const signMode = info?.modeInfo?.single?.mode
        if (signMode !== SignMode.SIGN_MODE_DIRECT)
          throw new CosmosTxError(
            37,
            `sign mode ${signModeToJSON(signMode ?? SignMode.SIGN_MODE_UNSPECIFIED)} is not served by this devnet, only SIGN_MODE_DIRECT`,
          )
        verifySignature(tx, index, account, pubKey)
      }
      events.push(cosmosEvent('tx', [['acc_seq', `${signer}/${sequence}`]]))
      signatureEvents.push(
        cosmosEvent('tx', [['signature', toBase64(tx.raw.signatures[index] ?? new Uint8Array())]]),
      )
      bank.accounts.set(signer, { ...account, pubKey, sequence: account.sequence + 1n })
    })
    events.push(...signatureEvents)
    return events
  }

  /** The messages: each MsgSend through x/bank, with its `message` event first. */
  function runMsgs(bank: BankState, tx: DecodedCosmosTx, gas: GasMeter) {
    const events: CosmosEvent[] = []
    tx.sends.forEach((send, index) => {
      try {
        if (send.toAddress === spec.feeCollector)
          throw new CosmosTxError(4, `${send.toAddress} is not allowed to receive funds`)
        gas.consume(BigInt(send.amount.length) * 2n * (READ_GAS + WRITE_GAS) + WRITE_GAS, 'WriteFlat')
        sendCoins(bank, send.fromAddress, send.toAddress, send.amount)
      } catch (error: unknown) {
        if (error instanceof CosmosTxError && error.code !== 11)
          throw new CosmosTxError(
            error.code,
            `failed to execute message; message index: ${index}: ${error.detail}`,
          )
        throw error
      }
      events.push(
        cosmosEvent(
          'message',
          [
            ['action', '/cosmos.bank.v1beta1.MsgSend'],
            ['sender', send.fromAddress],
            ['module', 'bank'],
          ],
          index,
        ),
        ...transferEvents(send.fromAddress, send.toAddress, send.amount, index),
      )
    })
    const data = TxMsgData.encode(
      TxMsgData.fromPartial({
        msgResponses: tx.sends.map(() => ({
          typeUrl: '/cosmos.bank.v1beta1.MsgSendResponse',
          value: MsgSendResponse.encode({}).finish(),
        })),
      }),
    ).finish()
    return { events, data }
  }

  /** Executes one transaction of a block against `committed`, replacing it with the outcome. */
  function deliver(bytes: Uint8Array, height: number, index: number): CosmosTxResult {
    const hash = hashOf(bytes)
    const base = { hash, height, index, tx: bytes, codespace: '', log: '', data: new Uint8Array() }
    let tx: DecodedCosmosTx | undefined
    const afterAnte = cloneState(committed)
    let gas = createGasMeter(undefined)
    let anteEvents: CosmosEvent[]
    try {
      tx = decodeCosmosTx(bytes, spec.bech32Prefix)
      gas = createGasMeter(tx.gasLimit)
      anteEvents = ante(afterAnte, tx, bytes, 'deliver', gas, height)
    } catch (error: unknown) {
      if (!(error instanceof CosmosTxError)) throw error
      return {
        ...base,
        code: error.code,
        codespace: error.codespace,
        log: error.message,
        gasWanted: tx?.gasLimit ?? 0n,
        gasUsed: gas.used(),
        events: [],
      }
    }
    committed = afterAnte
    const afterMsgs = cloneState(afterAnte)
    try {
      const { events, data } = runMsgs(afterMsgs, tx, gas)
      committed = afterMsgs
      return {
        ...base,
        code: 0,
        data,
        gasWanted: tx.gasLimit,
        gasUsed: gas.used(),
        events: [...anteEvents, ...events],
      }
    } catch (error: unknown) {
      if (!(error instanceof CosmosTxError)) throw error
      return {
        ...base,
        code: error.code,
        codespace: error.codespace,
        log: error.message,
        gasWanted: tx.gasLimit,
        gasUsed: gas.used(),
        events: anteEvents,
      }
    }
  }

  function checkTx(bytes: Uint8Array): CheckTxResult {
    const hash = hashOf(bytes)
    if (byHash.has(hash) || mempool.some((entry) => entry.hash === hash))
      throw new CosmosTxError(19, 'tx already exists in cache')
    const tx = decodeCosmosTx(bytes, spec.bech32Prefix)
    const next = cloneState(checkState)
    const gas = createGasMeter(tx.gasLimit)
    const events = ante(next, tx, bytes, 'check', gas, blocks.length)
    checkState = next
    mempool.push({ hash, bytes })
    return { hash, gasWanted: tx.gasLimit, gasUsed: gas.used(), events }
  }

  function appHash(bank: BankState): string {
    const entries = [...bank.balances]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(
        ([address, coins]) =>
          `${address}:${formatCoins([...coins].map(([denom, amount]) => ({ denom, amount })).sort((a, b) => (a.denom < b.denom ? -1 : 1)))}`,
      )
    const accounts = [...bank.accounts.values()]
      .map((a) => `${a.address}/${a.accountNumber}/${a.sequence}`)
      .sort()
    return hashOf(new TextEncoder().encode([...entries, ...accounts].join('\n')))
  }

  function commitBlock(time: number): CosmosBlock {
    const height = blocks.length + 1
    const included = mempool
    mempool = []
    const results = included.map((entry, index) => deliver(entry.bytes, height, index))
    const previousHash = blocks.at(-1)?.hash ?? ''
    const app = appHash(committed)
    const dataHash = hashOf(new TextEncoder().encode(results.map((r) => r.hash).join('')))
    const hash = hashOf(
      new TextEncoder().encode(JSON.stringify([spec.chainId, height, time, previousHash, dataHash, app])),
    )
    const block: CosmosBlock = {
      height,
      time,
      hash,
      previousHash,
      appHash: app,
      txs: included.map((e) => e.bytes),
      results,
    }
    blocks.push(block)
    for (const result of results) {
      byHash.set(result.hash, result)
      allTxs.push(result)
    }
    savedBlocks.push({ time, txs: included.map((e) => toBase64(e.bytes)), codes: results.map((r) => r.code) })
    checkState = cloneState(committed)
    return block
  }

  if (state) {
    for (const saved of state.blocks) {
      mempool = saved.txs.map((tx) => {
        const bytes = fromBase64(tx)
        return { hash: hashOf(bytes), bytes }
      })
      const block = commitBlock(saved.time)
      const codes = block.results.map((r) => r.code)
      if (codes.join() !== saved.codes.join())
        throw new Error(
          `the saved Cosmos block ${block.height} does not replay (codes ${codes.join()} against ${saved.codes.join()})`,
        )
    }
    for (const tx of state.mempool) checkTx(fromBase64(tx))
  }

  return {
    spec,
    checkTx,
    simulate(bytes) {
      const tx = decodeCosmosTx(bytes, spec.bech32Prefix)
      const bank = cloneState(checkState)
      const gas = createGasMeter(undefined)
      const anteEvents = ante(bank, tx, bytes, 'simulate', gas, blocks.length)
      const { events, data } = runMsgs(bank, tx, gas)
      return { gasUsed: gas.used(), events: [...anteEvents, ...events], data }
    },
    commitBlock,
    height: () => blocks.length,
    getBlock: (height) => blocks[height - 1],
    getTx: (hash) => byHash.get(hash.toUpperCase()),
    listTxs: () => allTxs,
    getAccount: (address) => committed.accounts.get(address),
    getPendingAccount: (address) => checkState.accounts.get(address),
    getBalance: (address, denom) => balanceOf(committed, address, denom),
    getAllBalances: (address) =>
      [...(committed.balances.get(address) ?? new Map<string, bigint>())]
        .map(([denom, amount]) => ({ denom, amount }))
        .sort((a, b) => (a.denom < b.denom ? -1 : 1)),
    getMempool: () => mempool.map((entry) => entry.hash),
    exportState: () => ({
      genesis: { balances: [...genesis] },
      blocks: savedBlocks,
      mempool: mempool.map((entry) => toBase64(entry.bytes)),
    }),
  }
}
