import { eq } from 'drizzle-orm'
import {
  type Address,
  createPublicClient,
  defineChain,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  maxUint256,
  type PublicClient,
  parseEther,
  parseTransaction,
} from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import {
  devTokenAbi,
  gasBurnTokenAbi,
  gasBurnTokenBytecode,
  gaslessSettlementAbi,
} from '../../contracts/artifacts/index'
import { deployBytecode } from '../../contracts/deploy/deployBytecode'
import { deployGaslessSettlement } from '../../contracts/deploy/deployGaslessSettlement'
import { waitForReceipt } from '../../contracts/deploy/waitForReceipt'
import {
  deploySwapFixture,
  FACTORY_UNISWAP_V2,
  type SwapFixture,
  v2FactoryAbi,
  v2PairAbi,
} from '../../contracts/test/deploySwapFixture'
import { PERMIT2_ADDRESS } from '../../contracts/thirdParty'
import { getDevnetRelayerAccount } from '../../devnet/devnetRelayer'
import { type AnvilInstance, startAnvil } from '../../devnet/startAnvil'
import {
  cancelGaslessOrder,
  countGaslessGriefs,
  getGaslessOrder,
  insertGaslessOrder,
} from '../store/gaslessOrders'
import { getTestStoreTargets, openTestStore, type TestStore } from '../store/openTestStore'
import { gaslessOrders, gaslessRelayerNonces } from '../store/schema'
import { allocateTestPorts } from '../testing/allocateTestPorts'
import { emptyTestStore } from '../testing/emptyTestStore'
import { buildGaslessTypedData } from './buildGaslessTypedData'
import { buildTokenPermitTypedData } from './buildTokenPermitTypedData'
import { checkGaslessOrderOnChain } from './checkGaslessOrderOnChain'
import { gaslessGasUnits } from './computeGaslessFee'
import {
  createGaslessRelayer,
  type GaslessRelayerParams,
  RelayerCrash,
  type RelayerStage,
} from './createGaslessRelayer'
import { formatGaslessOrder } from './formatGaslessOrder'
import { type GaslessOrder, hashRoute, type RouteStep } from './gaslessOrderTypes'
import { orderToRow } from './orderToRow'

// Not 31337: the etched Permit2 caches a wrong domain separator for that chain (see gaslessSettlement.test.ts).
const CHAIN_ID = 8453
const RECEIVER: Address = '0x000000000000000000000000000000000000bEEF'
const e = parseEther

let anvil: AnvilInstance
let f: SwapFixture
let client: PublicClient
let settlement: Address
let snapshotId: Hex
const relayerAccount = getDevnetRelayerAccount()

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID, port: await allocateTestPorts(1) })
  f = await deploySwapFixture({ rpcUrl: anvil.rpcUrl, chainId: CHAIN_ID })
  client = createPublicClient({
    chain: defineChain({
      id: CHAIN_ID,
      name: 'test',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    }),
    transport: http(anvil.rpcUrl),
    pollingInterval: 20,
  })
  ;({ settlement } = await deployGaslessSettlement(f.deployer, {
    aggregator: f.aggregator,
    permit2: PERMIT2_ADDRESS,
    owner: f.deployer.account.address,
    relayers: [relayerAccount.address],
  }))
  await f.deployer.setBalance({ address: relayerAccount.address, value: e('100') })
  await waitForReceipt(f.user, {
    hash: await f.user.writeContract({
      address: f.tokens.tokenA,
      abi: devTokenAbi,
      functionName: 'approve',
      args: [PERMIT2_ADDRESS, maxUint256],
    }),
  })
  snapshotId = await f.deployer.snapshot()
})

afterAll(async () => {
  await anvil?.stop()
})

const route = (): RouteStep[] => [
  {
    kind: 0,
    factoryId: FACTORY_UNISWAP_V2,
    tokenIn: f.tokens.tokenA,
    tokenOut: f.tokens.tokenB,
    fee: 0,
    share: 10n ** 18n,
  },
]

async function signedOrder(nonce: bigint, overrides: Partial<GaslessOrder> = {}) {
  const block = await client.getBlock()
  const order: GaslessOrder = {
    user: f.user.account.address,
    receiver: RECEIVER,
    srcToken: f.tokens.tokenA,
    dstToken: f.tokens.tokenB,
    amountIn: e('10'),
    fee: e('0.1'),
    amountOutMin: e('9'),
    deadline: block.timestamp + 3600n,
    tradeHash: hashRoute(route()),
    ...overrides,
  }
  const signature = await f.user.signTypedData(
    buildGaslessTypedData({ chainId: CHAIN_ID, permit2: PERMIT2_ADDRESS, settlement, order, nonce }),
  )
  return orderToRow({ chainId: CHAIN_ID, order, nonce, signature, steps: route() })
}

async function addOrder(store: TestStore, nonce: bigint, overrides: Partial<GaslessOrder> = {}) {
  const row = await insertGaslessOrder(store.db, await signedOrder(nonce, overrides))
  if (!row) throw new Error('order not stored')
  return row.id
}

function relayer(store: TestStore, extra: Partial<GaslessRelayerParams> = {}) {
  return createGaslessRelayer({
    db: store.db,
    chainId: CHAIN_ID,
    client,
    settlement,
    permit2: PERMIT2_ADDRESS,
    account: relayerAccount,
    worker: 'relayer-a',
    receiptTimeoutMs: 10_000,
    // the fixture's tokens have no USD price: one base unit per wei (the 0.1 token fee covers any gas here)
    costInSrcToken: (_token, costWei) => costWei,
    // a round that fails midway leaves its order leased: say why, so a failure under load can be read
    onError: (error, id) => console.warn(`relayer round failed on order ${id}:`, error),
    ...extra,
  })
}

/**
 * Every GaslessOrderFilled the chain holds, by Permit2 nonce. Only logs of canonical blocks: after `evm_revert`
 * anvil can still answer a log of a rolled-back block whose height was mined again.
 */
async function fills(): Promise<bigint[]> {
  const logs = await client.getContractEvents({
    address: settlement,
    abi: gaslessSettlementAbi,
    eventName: 'GaslessOrderFilled',
    fromBlock: 0n,
  })
  const hashes = new Map<bigint, string>()
  for (const number of new Set(logs.map((log) => log.blockNumber)))
    hashes.set(number, (await client.getBlock({ blockNumber: number })).hash)
  // a transaction runs at most once on the canonical chain: anvil may answer a rebroadcast transaction's log
  // twice (its rolled-back block's log carries the new block's hash), so a log counts once by transaction
  const seen = new Set<string>()
  return logs
    .filter((log) => hashes.get(log.blockNumber) === log.blockHash)
    .filter((log) => {
      const key = `${log.transactionHash}:${log.logIndex}`
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
    .map((log) => log.args.nonce ?? -1n)
}

const balance = (token: Address, account: Address) =>
  client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [account] })

describe.each(getTestStoreTargets(process.env.TEST_DATABASE_URL))('gasless relayer on $name', (target) => {
  let store: TestStore

  // one store per target, emptied before each test: opening a PGlite store takes seconds, emptying it milliseconds
  beforeAll(async () => {
    store = await openTestStore(target)
  })

  afterAll(async () => {
    await store?.destroy()
  })

  beforeEach(async () => {
    await f.deployer.revert({ id: snapshotId })
    snapshotId = await f.deployer.snapshot()
    await emptyTestStore(store)
  })

  it('executes an order: the receiver gets exactly the execution quote (>= min-out), the user spends no native', async () => {
    const id = await addOrder(store, 1n)
    const userNative = await client.getBalance({ address: f.user.account.address })
    expect(await relayer(store).runOnce()).toBe(1)
    const row = await getGaslessOrder(store.db, id)
    expect(row?.status).toBe('completed')
    const received = await balance(f.tokens.tokenB, RECEIVER)
    expect(received).toBe(row?.quotedAmountOut)
    expect(row?.amountOut).toBe(received)
    expect(received >= e('9')).toBe(true)
    expect(row?.feeTaken).toBe(e('0.1'))
    expect(await balance(f.tokens.tokenA, relayerAccount.address)).toBe(e('0.1'))
    expect(await client.getBalance({ address: f.user.account.address })).toBe(userNative)
    expect(await fills()).toEqual([1n])
  })

  it('waits for a receipt at its own pace: a transaction mined a moment after its broadcast still ends the order', async () => {
    const id = await addOrder(store, 9n)
    // a client built for pool sync polls hourly; the relayer must not wait on that interval
    const slowClient = createPublicClient({ transport: http(anvil.rpcUrl), pollingInterval: 3_600_000 })
    await f.deployer.setAutomine(false)
    try {
      const run = relayer(store, { client: slowClient as PublicClient, receiptPollMs: 50 }).runOnce()
      while (
        (await client.getBlock({ blockTag: 'pending', includeTransactions: false })).transactions.length === 0
      )
        await new Promise((resolve) => setTimeout(resolve, 50))
      await f.deployer.mine({ blocks: 1 })
      expect(await run).toBe(1)
    } finally {
      await f.deployer.setAutomine(true)
    }
    expect((await getGaslessOrder(store.db, id))?.status).toBe('completed')
    expect(await fills()).toEqual([9n])
  })

  it.each<RelayerStage>(['claimed', 'signed', 'broadcast', 'mined'])(
    'a relayer killed after %s: the next one ends the order exactly once',
    async (stage) => {
      const id = await addOrder(store, 2n)
      await expect(relayer(store, { crashAfter: stage }).runOnce()).rejects.toBeInstanceOf(RelayerCrash)
      expect((await getGaslessOrder(store.db, id))?.status).toBe('processing')
      // within the lease nobody takes it over
      expect(await relayer(store, { worker: 'relayer-b' }).runOnce()).toBe(0)
      const later = () => Date.now() + 120_000
      expect(await relayer(store, { worker: 'relayer-b', now: later }).runOnce()).toBe(1)
      const row = await getGaslessOrder(store.db, id)
      expect(row?.status).toBe('completed')
      expect(await fills()).toEqual([2n])
      expect(await balance(f.tokens.tokenB, RECEIVER)).toBe(row?.quotedAmountOut)
      expect(await relayer(store, { worker: 'relayer-c', now: () => Date.now() + 240_000 }).runOnce()).toBe(0)
    },
  )

  it('one failing order does not stop the others; an expired one fails with its reason', async () => {
    const block = await client.getBlock()
    const expired = await addOrder(store, 3n, { deadline: block.timestamp - 10n })
    const badRow = await signedOrder(4n)
    const bad = (
      await insertGaslessOrder(store.db, { ...badRow, signature: (await signedOrder(5n)).signature })
    )?.id
    const good = await addOrder(store, 6n)
    expect(await relayer(store).runOnce()).toBe(3)
    expect((await getGaslessOrder(store.db, expired))?.status).toBe('failed')
    expect((await getGaslessOrder(store.db, expired))?.failureMsg).toBe(
      `order expired: its deadline ${Number(block.timestamp - 10n)} passed before it could be executed`,
    )
    expect((await getGaslessOrder(store.db, bad ?? ''))?.failureMsg).toBe(
      'the order cannot be executed: InvalidSigner',
    )
    expect((await getGaslessOrder(store.db, good))?.status).toBe('completed')
    expect(await fills()).toEqual([6n])
  })

  it('a stored relayer nonce above the chain (a devnet restarted from its snapshot) leaves no gap', async () => {
    const chainNonce = await client.getTransactionCount({
      address: relayerAccount.address,
      blockTag: 'pending',
    })
    await store.db
      .insert(gaslessRelayerNonces)
      .values({ chainId: CHAIN_ID, address: relayerAccount.address, nextNonce: chainNonce + 5 })
    const id = await addOrder(store, 18n)
    expect(await relayer(store).runOnce()).toBe(1)
    const row = await getGaslessOrder(store.db, id)
    expect(row?.status).toBe('completed')
    expect(row?.txNonce).toBe(chainNonce)
    expect(await fills()).toEqual([18n])
  })

  it("an order with the token's EIP-2612 permit and no Permit2 approval: executed, the user sends nothing", async () => {
    await waitForReceipt(f.user, {
      hash: await f.user.writeContract({
        address: f.tokens.tokenA,
        abi: devTokenAbi,
        functionName: 'approve',
        args: [PERMIT2_ADDRESS, 0n],
      }),
    })
    const row = await signedOrder(21n)
    const deadline = BigInt(row.deadline)
    const signature = await f.user.signTypedData(
      buildTokenPermitTypedData({
        chainId: CHAIN_ID,
        token: f.tokens.tokenA,
        domain: { name: 'TKA', version: '1', nonce: 0n },
        owner: f.user.account.address,
        spender: PERMIT2_ADDRESS,
        value: e('10'),
        deadline,
      }),
    )
    const stored = await insertGaslessOrder(store.db, {
      ...row,
      tokenPermit: { value: e('10').toString(), deadline: deadline.toString(), signature },
    })
    if (!stored) throw new Error('order not stored')
    const userNonce = await client.getTransactionCount({ address: f.user.account.address })
    expect(await relayer(store).runOnce()).toBe(1)
    const done = await getGaslessOrder(store.db, stored.id)
    expect(done?.status).toBe('completed')
    expect(await balance(f.tokens.tokenB, RECEIVER)).toBe(done?.quotedAmountOut)
    expect(await balance(f.tokens.tokenA, relayerAccount.address)).toBe(e('0.1'))
    expect(await client.getTransactionCount({ address: f.user.account.address })).toBe(userNonce)
    expect(await fills()).toEqual([21n])
  })

  it('an order without approval nor permit stays pending', async () => {
    await waitForReceipt(f.user, {
      hash: await f.user.writeContract({
        address: f.tokens.tokenA,
        abi: devTokenAbi,
        functionName: 'approve',
        args: [PERMIT2_ADDRESS, 0n],
      }),
    })
    const id = await addOrder(store, 22n)
    expect(await relayer(store).runOnce()).toBe(1)
    const row = await getGaslessOrder(store.db, id)
    expect(row?.status).toBe('pending')
    expect(row?.failureMsg).toBe('the Permit2 allowance is below the order amount')
  })

  it('keeps an order whose min-out does not hold pending, to try again later', async () => {
    const id = await addOrder(store, 7n, { amountOutMin: e('9.9') })
    expect(await relayer(store).runOnce()).toBe(1)
    const row = await getGaslessOrder(store.db, id)
    expect(row?.status).toBe('pending')
    expect(row?.failureMsg).toBe('not executable yet (InsufficientOutput)')
    expect(await relayer(store).runOnce()).toBe(0)
    expect(await fills()).toEqual([])
  })

  it('fails an order whose Permit2 nonce the owner cancelled on chain', async () => {
    const id = await addOrder(store, 8n)
    await waitForReceipt(f.user, {
      hash: await f.user.writeContract({
        address: PERMIT2_ADDRESS,
        abi: [
          {
            type: 'function',
            name: 'invalidateUnorderedNonces',
            stateMutability: 'nonpayable',
            inputs: [
              { name: 'wordPos', type: 'uint256' },
              { name: 'mask', type: 'uint256' },
            ],
            outputs: [],
          },
        ],
        functionName: 'invalidateUnorderedNonces',
        args: [0n, 1n << 8n],
      }),
    })
    await relayer(store).runOnce()
    expect((await getGaslessOrder(store.db, id))?.failureMsg).toBe(
      'the Permit2 nonce of this order is already used or was cancelled on chain',
    )
  })

  it('cancel racing execution: the order is either cancelled and never executed, or executed once', async () => {
    const results: string[] = []
    for (const nonce of [20n, 21n, 22n, 23n]) {
      const id = await addOrder(store, nonce)
      const [cancel] = await Promise.all([
        cancelGaslessOrder(store.db, { id, at: new Date() }),
        relayer(store).runOnce(),
      ])
      const row = await getGaslessOrder(store.db, id)
      const executed = (await fills()).filter((n) => n === nonce).length
      if (cancel.cancelled) {
        expect(row?.status).toBe('cancelled')
        expect(executed).toBe(0)
      } else {
        expect(row?.status).toBe('completed')
        expect(executed).toBe(1)
      }
      results.push(row?.status ?? '')
    }
    expect(results.every((s) => s === 'cancelled' || s === 'completed')).toBe(true)
  })

  it('two relayers on one database never execute an order twice', async () => {
    const nonces = [30n, 31n, 32n, 33n, 34n, 35n]
    const ids: string[] = []
    // each order moves the pool's price: a min-out all six meet in any order
    for (const nonce of nonces) ids.push(await addOrder(store, nonce, { amountOutMin: e('5') }))
    // On PostgreSQL each relayer's transactions take their own pooled connections, as two processes would.
    const a = relayer(store, { worker: 'relayer-a', batchSize: 2 })
    const b = relayer(store, { worker: 'relayer-b', batchSize: 2 })
    let claimed = 0
    for (let round = 0; round < 4; round++) {
      const [x, y] = await Promise.all([a.runOnce(), b.runOnce()])
      claimed += x + y
    }
    expect(claimed).toBe(6)
    // an order whose round failed midway (a slow node under load) stays leased; once the lease ends, the next
    // relayer ends it from its persisted transaction, never a second one (a round can fail midway again under
    // load: each next relayer comes after the lease of the one before)
    const open = async () =>
      (await Promise.all(ids.map((id) => getGaslessOrder(store.db, id)))).some(
        (o) => o?.status !== 'completed',
      )
    for (let round = 1; round <= 3 && (await open()); round++) {
      await relayer(store, { worker: `relayer-c${round}`, now: () => Date.now() + 120_000 * round }).runOnce()
    }
    for (const id of ids) expect((await getGaslessOrder(store.db, id))?.status).toBe('completed')
    expect([...(await fills())].sort()).toEqual(nonces)
  })
  it('fails an order whose gas cost cannot be priced, without a transaction', async () => {
    const id = await addOrder(store, 40n)
    expect(await relayer(store, { costInSrcToken: () => undefined }).runOnce()).toBe(1)
    const row = await getGaslessOrder(store.db, id)
    expect({ status: row?.status, failureMsg: row?.failureMsg, txHash: row?.txHash }).toEqual({
      status: 'failed',
      failureMsg: 'the gas cost cannot be priced in the source token (no price)',
      txHash: null,
    })
    expect(await fills()).toEqual([])
  })

  it('backs off: each retry of an order that cannot fill yet waits twice as long; the API shows why it waits', async () => {
    const id = await addOrder(store, 41n, { amountOutMin: e('9.9') })
    const t0 = Date.now()
    expect(await relayer(store, { now: () => t0 }).runOnce()).toBe(1)
    expect((await getGaslessOrder(store.db, id))?.nextAttemptAt.getTime()).toBe(t0 + 3_000)
    expect(await relayer(store, { now: () => t0 + 3_000 }).runOnce()).toBe(1)
    const row = await getGaslessOrder(store.db, id)
    expect(row?.nextAttemptAt.getTime()).toBe(t0 + 3_000 + 6_000)
    if (!row) throw new Error('no order')
    expect(formatGaslessOrder(row)).toMatchObject({
      status: 'pending',
      failureMsg: 'not executable yet (InsufficientOutput)',
    })
  })

  it('a persisted transaction that would revert (an on-chain cancel won the race) is not sent: its nonce is closed and the order fails for the cancel', async () => {
    const id = await addOrder(store, 42n)
    await f.deployer.setAutomine(false)
    try {
      await expect(relayer(store, { crashAfter: 'signed' }).runOnce()).rejects.toBeInstanceOf(RelayerCrash)
    } finally {
      await f.deployer.setAutomine(true)
    }
    // the owner spends the nonce first; the relayer's persisted transaction then reverts on chain
    await waitForReceipt(f.user, {
      hash: await f.user.writeContract({
        address: PERMIT2_ADDRESS,
        abi: [
          {
            type: 'function',
            name: 'invalidateUnorderedNonces',
            stateMutability: 'nonpayable',
            inputs: [
              { name: 'wordPos', type: 'uint256' },
              { name: 'mask', type: 'uint256' },
            ],
            outputs: [],
          },
        ],
        functionName: 'invalidateUnorderedNonces',
        args: [0n, 1n << 42n],
      }),
    })
    const signed = await getGaslessOrder(store.db, id)
    const chainNonce = await client.getTransactionCount({ address: relayerAccount.address })
    await relayer(store, { worker: 'relayer-b', now: () => Date.now() + 120_000 }).runOnce()
    const dropped = await getGaslessOrder(store.db, id)
    expect([dropped?.status, dropped?.txHash, dropped?.failureMsg]).toEqual([
      'pending',
      null,
      `its transaction ${signed?.txHash} would revert if sent (what it needs, such as the owner's approval, is not on chain: a rollback, or an on-chain cancel); nonce ${chainNonce} was closed with an empty transaction and the order is checked and signed again`,
    ])
    expect(await client.getTransactionCount({ address: relayerAccount.address })).toBe(chainNonce + 1)
    await relayer(store, { worker: 'relayer-b', now: () => Date.now() + 120_000 }).runOnce()
    const row = await getGaslessOrder(store.db, id)
    expect([row?.status, row?.failureMsg, row?.gasCostWei]).toEqual([
      'failed',
      'the Permit2 nonce of this order is already used or was cancelled on chain',
      null,
    ])
    expect(await countGaslessGriefs(store.db, { owner: row?.owner ?? '', since: new Date(0) })).toBe(0)
  })

  describe('reconciled with the chain', () => {
    /** The relayer account's next nonce on the chain (its mined transactions). */
    const chainNonce = () =>
      client.getTransactionCount({ address: relayerAccount.address, blockTag: 'latest' })
    const receiptOf = (hash: string | null | undefined) =>
      client.getTransactionReceipt({ hash: (hash ?? '0x') as Hex }).then(
        (r) => r.status,
        () => 'none',
      )

    it('an order rolled back after it completed: the same transaction is rebroadcast and completes again', async () => {
      const before = await f.deployer.snapshot()
      const id = await addOrder(store, 50n)
      const nonce = await chainNonce()
      expect(await relayer(store).runOnce()).toBe(1)
      const first = await getGaslessOrder(store.db, id)
      expect({ status: first?.status, txNonce: first?.txNonce }).toEqual({
        status: 'completed',
        txNonce: nonce,
      })
      await f.deployer.revert({ id: before })
      expect(await receiptOf(first?.txHash)).toBe('none')
      expect(await fills()).toEqual([])
      await relayer(store).runOnce()
      const again = await getGaslessOrder(store.db, id)
      expect({ status: again?.status, txHash: again?.txHash, txNonce: again?.txNonce }).toEqual({
        status: 'completed',
        txHash: first?.txHash,
        txNonce: nonce,
      })
      expect(await receiptOf(again?.txHash)).toBe('success')
      expect(await fills()).toEqual([50n])
      expect(await balance(f.tokens.tokenB, RECEIVER)).toBe(again?.amountOut)
      expect(await chainNonce()).toBe(nonce + 1)
    })

    it("an order rolled back with its owner's approval is not sent again to revert: its nonce is closed, and it completes once the approval is back", async () => {
      const approvePermit2 = async (amount: bigint) =>
        waitForReceipt(f.user, {
          hash: await f.user.writeContract({
            address: f.tokens.tokenA,
            abi: devTokenAbi,
            functionName: 'approve',
            args: [PERMIT2_ADDRESS, amount],
          }),
        })
      await approvePermit2(0n)
      const before = await f.deployer.snapshot()
      await approvePermit2(maxUint256)
      const id = await addOrder(store, 52n)
      const nonce = await chainNonce()
      await relayer(store).runOnce()
      const first = await getGaslessOrder(store.db, id)
      expect(first?.status).toBe('completed')
      await f.deployer.revert({ id: before })
      await relayer(store).runOnce()
      const reopened = await getGaslessOrder(store.db, id)
      expect({
        status: reopened?.status,
        txHash: reopened?.txHash,
        failureMsg: reopened?.failureMsg,
      }).toEqual({
        status: 'pending',
        txHash: null,
        failureMsg: `its transaction ${first?.txHash} would revert if sent (what it needs, such as the owner's approval, is not on chain: a rollback, or an on-chain cancel); nonce ${nonce} was closed with an empty transaction and the order is checked and signed again`,
      })
      expect(await receiptOf(first?.txHash)).toBe('none')
      // the nonce went to an empty transaction, not to a reverted fill
      expect(await chainNonce()).toBe(nonce + 1)
      expect(await fills()).toEqual([])
      await approvePermit2(maxUint256)
      await relayer(store).runOnce()
      const done = await getGaslessOrder(store.db, id)
      expect({ status: done?.status, txNonce: done?.txNonce }).toEqual({
        status: 'completed',
        txNonce: nonce + 1,
      })
      expect(await receiptOf(done?.txHash)).toBe('success')
      expect(await fills()).toEqual([52n])
    })

    it('the status never says completed for a transaction the chain does not hold', async () => {
      const before = await f.deployer.snapshot()
      const id = await addOrder(store, 51n)
      await relayer(store).runOnce()
      const mined = await getGaslessOrder(store.db, id)
      if (!mined) throw new Error('no order')
      const shown = async () => {
        const row = await getGaslessOrder(store.db, id)
        if (!row) throw new Error('no order')
        const view = formatGaslessOrder(await checkGaslessOrderOnChain(client, row))
        return { status: view.status, txCompleted: view.txCompleted, amountOut: view.amountOut }
      }
      expect(await shown()).toEqual({
        status: 'completed',
        txCompleted: mined.txHash,
        amountOut: mined.amountOut?.toString(),
      })
      await f.deployer.revert({ id: before })
      // the relayer has not looked yet: the stored row still says completed, the API must not
      expect((await getGaslessOrder(store.db, id))?.status).toBe('completed')
      expect(await shown()).toEqual({ status: 'processing', txCompleted: null, amountOut: null })
      await relayer(store).runOnce()
      expect(await shown()).toEqual({
        status: 'completed',
        txCompleted: mined.txHash,
        amountOut: mined.amountOut?.toString(),
      })
    })

    it('after a rollback a new order takes the next nonce, never one of a rolled-back transaction', async () => {
      const before = await f.deployer.snapshot()
      const a = await addOrder(store, 52n, { amountOutMin: e('5') })
      const nonce = await chainNonce()
      await relayer(store).runOnce()
      await f.deployer.revert({ id: before })
      const b = await addOrder(store, 53n, { amountOutMin: e('5') })
      await relayer(store).runOnce()
      const rows = await Promise.all([a, b].map((id) => getGaslessOrder(store.db, id)))
      expect(rows.map((r) => [r?.status, r?.txNonce])).toEqual([
        ['completed', nonce],
        ['completed', nonce + 1],
      ])
      expect(await fills()).toEqual([52n, 53n])
    })

    it('a sent transaction rolled back: a new order is not signed above the gap, the gap is filled first', async () => {
      const before = await f.deployer.snapshot()
      const a = await addOrder(store, 54n, { amountOutMin: e('5') })
      const nonce = await chainNonce()
      // sent and mined, but its relayer died before recording it (the order stays leased to relayer-a)
      await expect(relayer(store, { crashAfter: 'broadcast' }).runOnce()).rejects.toBeInstanceOf(RelayerCrash)
      await f.deployer.revert({ id: before })
      const b = await addOrder(store, 55n, { amountOutMin: e('5') })
      await relayer(store, { worker: 'relayer-b' }).runOnce()
      const rowB = await getGaslessOrder(store.db, b)
      expect({ status: rowB?.status, txNonce: rowB?.txNonce }).toEqual({
        status: 'completed',
        txNonce: nonce + 1,
      })
      // relayer-b rebroadcast a's transaction (its lease is relayer-a's): the chain holds both, in nonce order
      expect(await fills()).toEqual([54n, 55n])
      expect(await chainNonce()).toBe(nonce + 2)
      await relayer(store, { worker: 'relayer-c', now: () => Date.now() + 120_000 }).runOnce()
      const rowA = await getGaslessOrder(store.db, a)
      expect({ status: rowA?.status, txNonce: rowA?.txNonce }).toEqual({
        status: 'completed',
        txNonce: nonce,
      })
    })

    it('a restarted relayer resumes two signed orders in nonce order and awaits their receipts together', async () => {
      const ids = [
        await addOrder(store, 56n, { amountOutMin: e('5') }),
        await addOrder(store, 57n, { amountOutMin: e('5') }),
      ]
      const nonce = await chainNonce()
      await expect(relayer(store, { crashAfter: 'signed' }).runOnce()).rejects.toBeInstanceOf(RelayerCrash)
      const signed = await Promise.all(ids.map((id) => getGaslessOrder(store.db, id)))
      expect(signed.map((r) => [r?.status, r?.txNonce])).toEqual([
        ['processing', nonce],
        ['processing', nonce + 1],
      ])
      // the later nonce comes first in the claim order
      await store.db
        .update(gaslessOrders)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(gaslessOrders.id, ids[1] ?? ''))
      const restarted = relayer(store, { worker: 'relayer-b', now: () => Date.now() + 120_000 })
      await restarted.runOnce()
      const rows = await Promise.all(ids.map((id) => getGaslessOrder(store.db, id)))
      expect(rows.map((r) => [r?.status, r?.txNonce, r?.txHash])).toEqual([
        ['completed', nonce, signed[0]?.txHash],
        ['completed', nonce + 1, signed[1]?.txHash],
      ])
      expect(await fills()).toEqual([56n, 57n])
    })

    it('a persisted transaction the node refuses: its nonce is closed by an empty transfer, the order signed again', async () => {
      const id = await addOrder(store, 59n)
      const nonce = await chainNonce()
      await expect(relayer(store, { crashAfter: 'signed' }).runOnce()).rejects.toBeInstanceOf(RelayerCrash)
      const signed = await getGaslessOrder(store.db, id)
      // the base fee rises above the signed fee cap: the node refuses the persisted transaction (anvil keeps
      // the next base fee across evm_revert: the test sets it back for the next ones)
      const baseFee = (await client.getBlock()).baseFeePerGas ?? 0n
      onTestFinished(async () => {
        await client.request({
          method: 'anvil_setNextBlockBaseFeePerGas' as never,
          params: [`0x${baseFee.toString(16)}`] as never,
        })
      })
      await client.request({
        method: 'anvil_setNextBlockBaseFeePerGas' as never,
        params: ['0x174876e800'] as never,
      })
      await f.deployer.mine({ blocks: 1 })
      const later = () => Date.now() + 120_000
      await relayer(store, { worker: 'relayer-b', now: later }).runOnce()
      const reset = await getGaslessOrder(store.db, id)
      expect({ status: reset?.status, txHash: reset?.txHash }).toEqual({ status: 'pending', txHash: null })
      expect(reset?.failureMsg).toBe(
        `its transaction ${signed?.txHash} was refused when rebroadcast; nonce ${nonce} was closed with an empty transaction and the order is checked and signed again`,
      )
      const filler = await client.getTransaction({ blockNumber: await client.getBlockNumber(), index: 0 })
      expect({
        from: getAddress(filler.from),
        to: filler.to && getAddress(filler.to),
        value: filler.value,
        nonce: filler.nonce,
      }).toEqual({
        from: relayerAccount.address,
        to: relayerAccount.address,
        value: 0n,
        nonce,
      })
      await relayer(store, { worker: 'relayer-b', now: later }).runOnce()
      const done = await getGaslessOrder(store.db, id)
      expect({ status: done?.status, txNonce: done?.txNonce }).toEqual({
        status: 'completed',
        txNonce: nonce + 1,
      })
      expect(await fills()).toEqual([59n])
    })

    it('an order becomes final once its block is deep enough, and is not rechecked after', async () => {
      const id = await addOrder(store, 58n)
      await relayer(store, { confirmations: 3 }).runOnce()
      expect((await getGaslessOrder(store.db, id))?.finalAt).toBe(null)
      await f.deployer.mine({ blocks: 1 })
      await relayer(store, { confirmations: 3 }).runOnce()
      expect((await getGaslessOrder(store.db, id))?.finalAt).toBe(null)
      await f.deployer.mine({ blocks: 1 })
      const at = Date.now()
      await relayer(store, { confirmations: 3, now: () => at }).runOnce()
      expect((await getGaslessOrder(store.db, id))?.finalAt?.getTime()).toBe(at)
    })

    it("with a final block (the devnet's last state save), an order deep or old enough waits until it is at or below it", async () => {
      const id = await addOrder(store, 57n)
      let finalBlock: bigint | undefined
      const withSaves = (now = Date.now) =>
        relayer(store, { confirmations: 1, finalAfterMs: 0, finalBlock: async () => finalBlock, now })
      await withSaves().runOnce()
      const minedAt = (await getGaslessOrder(store.db, id))?.minedBlockNumber
      expect(minedAt).not.toBe(null)
      // no save yet, then a save below the order's block: deep and old enough, still not final
      await withSaves().runOnce()
      expect((await getGaslessOrder(store.db, id))?.finalAt).toBe(null)
      finalBlock = BigInt(minedAt ?? 0) - 1n
      await withSaves().runOnce()
      expect((await getGaslessOrder(store.db, id))?.finalAt).toBe(null)
      finalBlock = BigInt(minedAt ?? 0)
      const at = Date.now()
      await withSaves(() => at).runOnce()
      expect((await getGaslessOrder(store.db, id))?.finalAt?.getTime()).toBe(at)
    })
  })

  it("caps gas at the route's budget with a token whose transfer burns gas: never sent when the estimate is above it; when the burn starts after signing, the signed transaction (gas limit: the budget) is not sent and the order fails by its new estimate", async () => {
    // an attacker's token with a V2 pair against tokenB; its transfers loop `burnLoops` times
    const burn = await deployBytecode(f.deployer, { abi: gasBurnTokenAbi, bytecode: gasBurnTokenBytecode })
    const write = async (from: typeof f.deployer, call: Parameters<typeof f.deployer.writeContract>[0]) => {
      const receipt = await waitForReceipt(from, { hash: await from.writeContract(call) })
      expect(receipt.status).toBe('success')
    }
    const setBurnLoops = (loops: bigint) =>
      write(f.deployer, { address: burn, abi: gasBurnTokenAbi, functionName: 'setBurnLoops', args: [loops] })
    for (const to of [f.deployer.account.address, f.user.account.address])
      await write(f.deployer, {
        address: burn,
        abi: gasBurnTokenAbi,
        functionName: 'mint',
        args: [to, e('1000000')],
      })
    await write(f.user, {
      address: burn,
      abi: gasBurnTokenAbi,
      functionName: 'approve',
      args: [PERMIT2_ADDRESS, maxUint256],
    })
    await write(f.deployer, {
      address: f.uniswapV2.factory,
      abi: v2FactoryAbi,
      functionName: 'createPair',
      args: [burn, f.tokens.tokenB],
    })
    const pair = await client.readContract({
      address: f.uniswapV2.factory,
      abi: v2FactoryAbi,
      functionName: 'getPair',
      args: [burn, f.tokens.tokenB],
    })
    await write(f.deployer, {
      address: burn,
      abi: gasBurnTokenAbi,
      functionName: 'transfer',
      args: [pair, e('1000')],
    })
    await write(f.deployer, {
      address: f.tokens.tokenB,
      abi: devTokenAbi,
      functionName: 'transfer',
      args: [pair, e('1000')],
    })
    await write(f.deployer, {
      address: pair,
      abi: v2PairAbi,
      functionName: 'mint',
      args: [f.deployer.account.address],
    })
    const steps: RouteStep[] = [
      {
        kind: 0,
        factoryId: FACTORY_UNISWAP_V2,
        tokenIn: burn,
        tokenOut: f.tokens.tokenB,
        fee: 0,
        share: 10n ** 18n,
      },
    ]
    const budget = gaslessGasUnits(steps.length)
    expect(budget).toBe(450_000n)
    const addBurnOrder = async (nonce: bigint) => {
      const block = await client.getBlock()
      const order: GaslessOrder = {
        user: f.user.account.address,
        receiver: RECEIVER,
        srcToken: burn,
        dstToken: f.tokens.tokenB,
        amountIn: e('10'),
        fee: e('0.1'),
        amountOutMin: e('9'),
        deadline: block.timestamp + 3600n,
        tradeHash: hashRoute(steps),
      }
      const signature = await f.user.signTypedData(
        buildGaslessTypedData({ chainId: CHAIN_ID, permit2: PERMIT2_ADDRESS, settlement, order, nonce }),
      )
      const row = await insertGaslessOrder(
        store.db,
        orderToRow({ chainId: CHAIN_ID, order, nonce, signature, steps }),
      )
      if (!row) throw new Error('order not stored')
      return row.id
    }
    const relayerSpent = async (run: () => Promise<unknown>) => {
      const [nonceBefore, ethBefore] = await Promise.all([
        client.getTransactionCount({ address: relayerAccount.address }),
        client.getBalance({ address: relayerAccount.address }),
      ])
      await run()
      const [nonceAfter, ethAfter] = await Promise.all([
        client.getTransactionCount({ address: relayerAccount.address }),
        client.getBalance({ address: relayerAccount.address }),
      ])
      return { transactions: nonceAfter - nonceBefore, wei: ethBefore - ethAfter }
    }

    // 1. burning from the start: the estimate is above the budget, so nothing is sent and nothing is spent
    await setBurnLoops(20_000n)
    const refused = await addBurnOrder(60n)
    expect(await relayerSpent(() => relayer(store).runOnce())).toEqual({ transactions: 0, wei: 0n })
    const refusedRow = await getGaslessOrder(store.db, refused)
    expect(refusedRow?.status).toBe('failed')
    expect(refusedRow?.failureMsg).toMatch(
      new RegExp(`^the order needs \\d+ gas, above the ${budget} its fee budgets$`),
    )

    // 2. harmless when the relayer signs, burning when it is mined: out of gas at exactly the budget
    await setBurnLoops(0n)
    const burned = await addBurnOrder(61n)
    await f.deployer.setAutomine(false)
    try {
      await expect(relayer(store, { crashAfter: 'signed' }).runOnce()).rejects.toBeInstanceOf(RelayerCrash)
    } finally {
      await f.deployer.setAutomine(true)
    }
    // the signed transaction's gas limit is the budget: sent, it could never burn more
    const signed = await getGaslessOrder(store.db, burned)
    expect(parseTransaction((signed?.signedTx ?? '0x') as Hex).gas).toBe(budget)
    await setBurnLoops(20_000n)
    // it would run out of gas now, so it is not sent: only an empty transfer closes its nonce
    const spent = await relayerSpent(() =>
      relayer(store, { worker: 'relayer-b', now: () => Date.now() + 120_000 }).runOnce(),
    )
    expect([spent.transactions, (await getGaslessOrder(store.db, burned))?.status]).toEqual([1, 'pending'])
    expect(spent.wei <= 21_000n * (await client.getGasPrice()) * 2n).toBe(true)
    // checked again, its estimate is above the budget: failed, nothing more spent
    expect(
      await relayerSpent(() =>
        relayer(store, { worker: 'relayer-b', now: () => Date.now() + 120_000 }).runOnce(),
      ),
    ).toEqual({
      transactions: 0,
      wei: 0n,
    })
    const row = await getGaslessOrder(store.db, burned)
    expect(row?.status).toBe('failed')
    expect(row?.failureMsg).toMatch(
      new RegExp(`^the order needs \\d+ gas, above the ${budget} its fee budgets$`),
    )
    expect(await balance(f.tokens.tokenB, RECEIVER)).toBe(0n)
  })
})
