import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  keccak256,
  type LocalAccount,
  type PublicClient,
  parseSignature,
} from 'viem'
import { aggregatorAbi, gaslessSettlementAbi } from '../../contracts/artifacts/index'
import type { Db } from '../store/db'
import {
  claimGaslessOrders,
  countGaslessGriefs,
  finishGaslessOrder,
  type GaslessOrderRow,
  persistSignedGaslessTx,
  releaseGaslessOrder,
  syncGaslessRelayerNonce,
} from '../store/gaslessOrders'
import { gaslessGasUnits } from './computeGaslessFee'
import { finishGaslessOrderFromReceipt } from './finishGaslessOrderFromReceipt'
import { gaslessLimits } from './gaslessLimits'
import { orderFromRow, stepsFromRow } from './orderFromRow'
import { permit2Abi } from './permit2Abi'
import { reconcileGaslessTxs } from './reconcileGaslessTxs'

/** The points of an order's execution after which a test may kill the relayer (`crashAfter`). */
export type RelayerStage = 'claimed' | 'signed' | 'broadcast' | 'mined'

/** Thrown by the `crashAfter` test hook: the relayer stops there, leaving the order as a dead process would. */
export class RelayerCrash extends Error {
  override name = 'RelayerCrash' as const
}

export interface GaslessRelayerParams {
  db: Db
  chainId: number
  client: PublicClient
  settlement: Address
  permit2: Address
  /** The relayer's key (allowlisted in the settlement); it pays the gas and receives the fees. */
  account: LocalAccount
  /** Names this process in the order leases. */
  worker: string
  /** Clock in ms. Default Date.now. */
  now?: () => number
  /** How long a claim holds an order before another relayer may take it over. Default 60 s. */
  leaseMs?: number
  /**
   * When an order's conditions do not hold yet, it is tried again after this long, doubled per attempt up to
   * `retryMaxMs`. Defaults: `gaslessLimits.retryBaseMs`, `gaslessLimits.retryMaxMs`.
   */
  retryMs?: number
  retryMaxMs?: number
  /**
   * Orders of one round run at once, up to this many (the nonce table hands each its own transaction nonce);
   * orders of one owner and token, or through one pool, still run one after the other, so one's simulation
   * never ignores the other's transaction. Default 4.
   */
  concurrency?: number
  /** Orders claimed per round. Default 10. */
  batchSize?: number
  /** Waiting for a receipt gives up after this long (the order stays leased and is resumed). Default 60 s. */
  receiptTimeoutMs?: number
  /**
   * How often a receipt is polled while waiting. Default 500 ms; set here, not taken from the client, whose
   * polling interval may be far longer (a client built for pool sync).
   */
  receiptPollMs?: number
  /**
   * A mined order is rechecked against the chain until its block has this many blocks (itself included) on
   * top; then it is final. Default `gaslessLimits.confirmations`.
   */
  confirmations?: number
  /**
   * When set, a mined order whose block is still canonical this long after its receipt was recorded is final
   * too: a devnet whose automining chains make no blocks while idle, and which roll back at most a few seconds.
   */
  finalAfterMs?: number
  /** When set, a mined order is final only at or below this block (see `reconcileGaslessTxs`). */
  finalBlock?: () => Promise<bigint | undefined>
  /**
   * The relayer's gas cost `costWei` expressed in `srcToken` base units, or undefined when no price is known:
   * then the order is not executed (an unpriceable cost could be any cost), it fails.
   */
  costInSrcToken: (srcToken: Address, costWei: bigint) => bigint | undefined
  /** Test hook: throw `RelayerCrash` right after this stage of every order. */
  crashAfter?: RelayerStage
  onError?: (error: unknown, orderId: string) => void
}

export interface GaslessRelayer {
  /** One round: claims due orders and drives each to its end (or back to the queue); returns how many it claimed. */
  runOnce(): Promise<number>
}

/** Reasons an order is released to try again later rather than failed. */
const retryableErrors = new Set(['InsufficientOutput', 'TransferFailed'])

/**
 * The gasless relayer of one chain (docs/gasless.md). Each round claims due orders from the store
 * (`FOR UPDATE SKIP LOCKED` with a lease, so relayers never hold one order at once) and, per order,
 * independently (one failing order never stops the others): fails it once its deadline passed or its Permit2
 * nonce is spent; re-quotes it by simulating `GaslessSettlement.execute` from the relayer account at the
 * newest block; releases it for a later try while balance, allowance, min-out or the fee cap (gas cost at
 * today's price, in the source token, within the signed fee) do not hold; else signs the transaction and
 * persists it with the account's next nonce (store-managed, shared by all processes) BEFORE broadcasting,
 * then waits for the receipt and ends the order `completed` (amounts from `GaslessOrderFilled`) or `failed`.
 * A claimed order that already has a signed transaction (its relayer died) is only rebroadcast and awaited,
 * so a crash at any stage neither loses an order nor sends a second transaction for it.
 */
export function createGaslessRelayer(params: GaslessRelayerParams): GaslessRelayer {
  const {
    db,
    chainId,
    client,
    settlement,
    permit2,
    account,
    worker,
    now = Date.now,
    leaseMs = 60_000,
    retryMs = gaslessLimits.retryBaseMs,
    retryMaxMs = gaslessLimits.retryMaxMs,
    concurrency = 4,
    batchSize = 10,
    receiptTimeoutMs = 60_000,
    receiptPollMs = 500,
    confirmations = gaslessLimits.confirmations,
  } = params
  const crashAfter = (stage: RelayerStage) => {
    if (params.crashAfter === stage) throw new RelayerCrash(`relayer stopped after ${stage}`)
  }
  // attempts counts this claim: the first retry comes after retryMs, each next one after twice as long
  const retryDelayMs = (attempts: number) =>
    Math.min(retryMaxMs, retryMs * 2 ** Math.min(30, Math.max(0, attempts - 1)))
  const release = (row: GaslessOrderRow, reason: string) =>
    releaseGaslessOrder(db, {
      id: row.id,
      worker,
      nextAttemptAt: new Date(now() + retryDelayMs(row.attempts)),
      reason,
    })
  const fail = (row: GaslessOrderRow, failureMsg: string) =>
    finishGaslessOrder(db, { id: row.id, status: 'failed', at: new Date(now()), failureMsg })

  async function settle(row: GaslessOrderRow, signedTx: Hex, txHash: Hex): Promise<void> {
    const existing = await client.getTransactionReceipt({ hash: txHash }).catch(() => undefined)
    if (!existing) {
      // Rebroadcasting the persisted transaction is always safe: it is the order's only transaction.
      await client.sendRawTransaction({ serializedTransaction: signedTx }).catch(() => undefined)
      crashAfter('broadcast')
    }
    const receipt =
      existing ??
      (await client.waitForTransactionReceipt({
        hash: txHash,
        timeout: receiptTimeoutMs,
        pollingInterval: receiptPollMs,
      }))
    crashAfter('mined')
    await finishGaslessOrderFromReceipt(db, {
      row,
      receipt,
      at: new Date(now()),
      costInSrcToken: params.costInSrcToken,
    })
  }

  async function process(row: GaslessOrderRow): Promise<void> {
    crashAfter('claimed')
    const nowSec = Math.floor(now() / 1000)
    if (nowSec > row.deadline) {
      await fail(row, `order expired: its deadline ${row.deadline} passed before it could be executed`)
      return
    }
    const order = orderFromRow(row)
    const griefs = await countGaslessGriefs(db, {
      owner: row.owner,
      since: new Date(now() - gaslessLimits.griefWindowMs),
    })
    if (griefs >= gaslessLimits.maxGriefsPerOwner) {
      await fail(row, `the owner is suspended: ${griefs} orders cost the relayer gas they did not pay`)
      return
    }
    const nonceUsed = await isNonceUsed(order.user, row.nonce)
    if (nonceUsed) {
      await fail(row, 'the Permit2 nonce of this order is already used or was cancelled on chain')
      return
    }
    const [balance, allowance] = await Promise.all([
      client.readContract({
        address: order.srcToken,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [order.user],
      }),
      client.readContract({
        address: order.srcToken,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [order.user, permit2],
      }),
    ])
    if (balance < order.amountIn)
      return void (await release(row, 'the owner balance is below the order amount'))
    // A token permit is submitted only while Permit2 may not spend the amount yet (a second order with the
    // same permit, or an owner who approved meanwhile, runs the plain path).
    const permit = allowance < order.amountIn ? tokenPermitArgs(row.tokenPermit) : undefined
    if (allowance < order.amountIn && permit === undefined)
      return void (await release(row, 'the Permit2 allowance is below the order amount'))

    const args = [order, row.nonce, row.signature as Hex, stepsFromRow(row), order.fee] as const
    const abi = [...gaslessSettlementAbi, ...aggregatorAbi, ...permit2Abi]
    let quotedAmountOut: bigint
    let gas: bigint
    let data: Hex
    try {
      if (permit === undefined) {
        const call = { account, address: settlement, abi, functionName: 'execute', args } as const
        quotedAmountOut = (await client.simulateContract(call)).result
        gas = await client.estimateContractGas(call)
        data = encodeFunctionData({ abi: gaslessSettlementAbi, functionName: 'execute', args })
      } else {
        const withPermit = [...args, permit] as const
        const call = {
          account,
          address: settlement,
          abi,
          functionName: 'executeWithPermit',
          args: withPermit,
        } as const
        quotedAmountOut = (await client.simulateContract(call)).result
        gas = await client.estimateContractGas(call)
        data = encodeFunctionData({
          abi: gaslessSettlementAbi,
          functionName: 'executeWithPermit',
          args: withPermit,
        })
      }
    } catch (error: unknown) {
      const name = revertName(error)
      if (name === undefined) throw error
      if (retryableErrors.has(name)) return void (await release(row, `not executable yet (${name})`))
      await fail(row, `the order cannot be executed: ${name}`)
      return
    }
    // The fee was priced on this budget: the transaction never gets more gas, and an order that needs more (a
    // token or pool that burns gas) is never sent.
    const gasLimit = gaslessGasUnits(row.steps.length)
    if (gas > gasLimit) {
      await fail(row, `the order needs ${gas} gas, above the ${gasLimit} its fee budgets`)
      return
    }
    // The same measure as the estimate's fee (eth_gasPrice), so the fee's margin is what the price may rise.
    const [gasPrice, fees] = await Promise.all([client.getGasPrice(), client.estimateFeesPerGas()])
    const cost = params.costInSrcToken(order.srcToken, gas * gasPrice)
    if (cost === undefined) {
      await fail(row, 'the gas cost cannot be priced in the source token (no price)')
      return
    }
    if (cost > order.fee) {
      return void (await release(
        row,
        `the gas cost at today's gas price (${cost} in the source token) is above the signed fee ${order.fee}`,
      ))
    }
    const persisted = await persistSignedGaslessTx(db, {
      id: row.id,
      worker,
      chainId,
      relayer: account.address,
      readChainNonce: () => client.getTransactionCount({ address: account.address, blockTag: 'pending' }),
      quotedAmountOut,
      feeTaken: order.fee,
      sign: async (nonce) => {
        const signedTx = await account.signTransaction({
          chainId,
          type: 'eip1559',
          to: settlement,
          data,
          gas: gasLimit,
          maxFeePerGas: fees.maxFeePerGas,
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
          nonce,
        })
        return { signedTx, txHash: keccak256(signedTx) }
      },
    })
    if (!persisted) return
    crashAfter('signed')
    await settle(row, persisted.signedTx as Hex, persisted.txHash as Hex)
  }

  async function isNonceUsed(owner: Address, nonce: bigint): Promise<boolean> {
    const bitmap = await client.readContract({
      address: permit2,
      abi: permit2Abi,
      functionName: 'nonceBitmap',
      args: [owner, nonce >> 8n],
    })
    return ((bitmap >> (nonce & 255n)) & 1n) === 1n
  }

  let nonceSynced = false
  async function runOnce(): Promise<number> {
    if (!nonceSynced) {
      // at start: the stored counter may be above the chain (a rollback while the process was down) or below it
      const chainNonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' })
      await syncGaslessRelayerNonce(db, { chainId, relayer: account.address, chainNonce })
      nonceSynced = true
    }
    const claimed = await claimGaslessOrders(db, {
      chainId,
      worker,
      now: new Date(now()),
      leaseUntil: new Date(now() + leaseMs),
      limit: batchSize,
    })
    // Orders with a persisted transaction (a dead relayer's, or rolled back) are the reconciliation's: it
    // rebroadcasts them in nonce order and awaits their receipts together, before any new order is signed.
    const reconciliation = await reconcileGaslessTxs({
      db,
      chainId,
      client,
      account,
      worker,
      now,
      confirmations,
      ...(params.finalAfterMs === undefined ? {} : { finalAfterMs: params.finalAfterMs }),
      ...(params.finalBlock === undefined ? {} : { finalBlock: params.finalBlock }),
      receiptTimeoutMs,
      receiptPollMs,
      costInSrcToken: params.costInSrcToken,
      ...(params.onError ? { onError: params.onError } : {}),
    })
    const fresh = claimed.filter((row) => row.signedTx === null)
    const run = async (row: GaslessOrderRow) => {
      try {
        if (!reconciliation.gapFree) {
          await release(
            row,
            "waiting for the relayer's earlier transactions to reach the chain (a nonce gap)",
          )
          return
        }
        await process(row)
      } catch (error: unknown) {
        if (error instanceof RelayerCrash) throw error
        params.onError?.(error, row.id)
      }
    }
    try {
      await runInLanes(fresh, lanesOf, run, concurrency)
    } finally {
      await reconciliation.settled
    }
    return claimed.length
  }

  return { runOnce }
}

/** What an order shares with others it must not run beside: its owner's token balance and its pools. */
function lanesOf(row: GaslessOrderRow): string[] {
  return [
    `owner:${row.owner.toLowerCase()}:${row.srcToken.toLowerCase()}`,
    ...row.steps.map((s) => {
      const [a, b] = [s.tokenIn.toLowerCase(), s.tokenOut.toLowerCase()].sort()
      return `pool:${s.kind}:${s.factoryId}:${a}:${b}:${s.fee}`
    }),
  ]
}

/**
 * Runs `work` on every item, at most `concurrency` at once, each after every earlier item that shares one of
 * its lanes. Rejects with the first rejection (after all items ran).
 */
async function runInLanes<T>(
  items: readonly T[],
  lanes: (item: T) => string[],
  work: (item: T) => Promise<void>,
  concurrency: number,
): Promise<void> {
  const tails = new Map<string, Promise<unknown>>()
  let running = 0
  const waiting: (() => void)[] = []
  const slot = async () => {
    while (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve))
    running++
  }
  const done = () => {
    running--
    waiting.shift()?.()
  }
  const all = items.map((item) => {
    const keys = lanes(item)
    const before = keys.map((key) => tails.get(key)).filter((p) => p !== undefined)
    const mine = Promise.allSettled(before).then(async () => {
      await slot()
      try {
        await work(item)
      } finally {
        done()
      }
    })
    for (const key of keys) tails.set(key, mine)
    return mine
  })
  const results = await Promise.allSettled(all)
  const failed = results.find((r) => r.status === 'rejected')
  if (failed?.status === 'rejected') throw failed.reason
}

function revertName(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError)
  if (!(reverted instanceof ContractFunctionRevertedError)) return undefined
  return reverted.data?.errorName ?? reverted.reason ?? 'reverted'
}

/** The stored EIP-2612 permit as `GaslessSettlement.TokenPermit` (v, r, s split), or undefined without one. */
function tokenPermitArgs(stored: GaslessOrderRow['tokenPermit']) {
  if (stored === null) return undefined
  const { r, s, yParity } = parseSignature(stored.signature as Hex)
  return { value: BigInt(stored.value), deadline: BigInt(stored.deadline), v: 27 + yParity, r, s }
}
