import path from 'node:path'
import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing'
import { SigningStargateClient } from '@cosmjs/stargate'
import { sha256 } from '@noble/hashes/sha2'
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { createStateFile } from '../createStateFile'
import { type CosmosHubSpec, minimumFee } from './cosmosHubSpec'
import {
  type CheckTxResult,
  type CosmosBlock,
  type CosmosLedger,
  type CosmosLedgerState,
  createCosmosLedger,
} from './createCosmosLedger'

export interface CosmosNode {
  readonly ledger: CosmosLedger
  readonly spec: CosmosHubSpec
  /** The devnet faucet's address (holds the genesis supply). */
  readonly faucetAddress: string
  /** CheckTx and queue `txBytes`, then persist the ledger. Throws `CosmosTxError` when refused. */
  broadcastTx(txBytes: Uint8Array): Promise<CheckTxResult>
  /** Commits one block now (the interval does it too) and persists. */
  commitBlock(): Promise<CosmosBlock>
  /** Pays `amount` uatom from the faucet to `address` in a cosmjs-signed MsgSend; returns the tx hash. */
  fund(address: string, amount: bigint, memo?: string): Promise<string>
  /** Commits a block every `blockIntervalMs` until `stop`. */
  start(): void
  /** Stops the interval and resolves once every change is on disk. */
  stop(): Promise<void>
}

export interface CreateCosmosNodeParams {
  spec: CosmosHubSpec
  /** Where the ledger is kept (`<dataDir>/cosmos-gaia.json`); without it the ledger lives in memory. */
  dataDir?: string
  blockIntervalMs: number
  /** Clock in ms (block times). */
  now?: () => number
}

/** The faucet's genesis balance: one million ATOM. */
const FAUCET_GENESIS_UATOM = 1_000_000_000_000n
/** Gas limit of a faucet payment (its fee: the minimum for it). */
const FAUCET_GAS = 200_000n

/** The devnet key named `name` (sha256 of the phrase; devnet only). */
export function devnetCosmosKey(name: string): Uint8Array {
  return sha256(new TextEncoder().encode(`tributary devnet GAIA ${name}`))
}

/**
 * The devnet Cosmos Hub: a ledger whose genesis gives the faucet (a key derived from a fixed phrase) one
 * million ATOM, a block every `blockIntervalMs`, and the ledger written to disk after every change
 * (atomically), so a restart resumes with the same blocks, balances, sequences and mempool. Loading replays
 * every saved transaction through the ledger's checks again.
 */
export async function createCosmosNode(params: CreateCosmosNodeParams): Promise<CosmosNode> {
  const { spec, blockIntervalMs } = params
  const now = params.now ?? Date.now
  const file = params.dataDir
    ? createStateFile<CosmosLedgerState>(path.join(params.dataDir, 'cosmos-gaia.json'), 'this chain')
    : undefined
  const wallet = await DirectSecp256k1Wallet.fromKey(devnetCosmosKey('faucet'), spec.bech32Prefix)
  const [faucet] = await wallet.getAccounts()
  if (!faucet) throw new Error('the faucet wallet has no account')
  const faucetAddress = faucet.address
  const signer = await SigningStargateClient.offline(wallet)
  const saved = file ? await file.read() : undefined
  const genesis = saved?.genesis.balances ?? [
    { address: faucet.address, denom: spec.denom, amount: FAUCET_GENESIS_UATOM },
  ]
  const ledger = createCosmosLedger(spec, genesis, saved)
  let timer: ReturnType<typeof setInterval> | undefined
  /** Faucet payments one after another, each signing the sequence the previous one left. */
  let funding: Promise<unknown> = Promise.resolve()

  let lastSave: Promise<void> = Promise.resolve()
  const persist = (): Promise<void> => {
    if (!file) return Promise.resolve()
    lastSave = file.save(ledger.exportState())
    return lastSave
  }

  if (!saved) {
    ledger.commitBlock(now())
    await persist()
  }

  async function payFromFaucet(address: string, amount: bigint, memo: string): Promise<string> {
    const account = ledger.getPendingAccount(faucetAddress)
    if (!account) throw new Error('the faucet has no account on this chain')
    const raw = await signer.sign(
      faucetAddress,
      [
        {
          typeUrl: '/cosmos.bank.v1beta1.MsgSend',
          value: {
            fromAddress: faucetAddress,
            toAddress: address,
            amount: [{ denom: spec.denom, amount: amount.toString() }],
          },
        },
      ],
      {
        amount: [{ denom: spec.denom, amount: minimumFee(spec, FAUCET_GAS).toString() }],
        gas: FAUCET_GAS.toString(),
      },
      memo,
      {
        accountNumber: account.accountNumber,
        sequence: Number(account.sequence),
        chainId: spec.chainId,
      },
    )
    return (await node.broadcastTx(TxRaw.encode(raw).finish())).hash
  }

  const node: CosmosNode = {
    ledger,
    spec,
    faucetAddress,
    async broadcastTx(txBytes) {
      const result = ledger.checkTx(txBytes)
      await persist()
      return result
    },
    async commitBlock() {
      const block = ledger.commitBlock(now())
      await persist()
      return block
    },
    fund(address, amount, memo = '') {
      const paid = funding.then(() => payFromFaucet(address, amount, memo))
      funding = paid.catch(() => undefined)
      return paid
    },
    start() {
      if (timer) return
      timer = setInterval(() => {
        void node.commitBlock()
      }, blockIntervalMs)
      timer.unref?.()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = undefined
      await lastSave.catch(() => undefined)
    },
  }
  return node
}
