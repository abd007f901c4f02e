import solc from 'solc'
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  type Hex,
  http,
  type PublicClient,
  parseAbi,
  toHex,
  zeroAddress,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { aggregatorAbi } from '../../contracts/artifacts'
import { deployBytecode } from '../../contracts/deploy/deployBytecode'
import { createDevClient, type DevClient } from '../../contracts/deploy/devClient'
import { waitForReceipt } from '../../contracts/deploy/waitForReceipt'
import { type AnvilInstance, startAnvil } from '../../devnet/startAnvil'
import { createApiKey } from '../auth/createApiKey'
import { createSilentLogger } from '../logger'
import { createStore, type Store } from '../store/createStore'
import { openTestStore, type TestStore } from '../store/openTestStore'
import { listChainTrades } from '../store/trades'
import { getWatcherCursor } from '../store/watcherCursors'
import { allocateTestPorts } from '../testing/allocateTestPorts'
import { buildIntegratorTag, tagClockSkewSec, tagLifetimeSec } from './buildIntegratorTag'
import { getCompanyPublicId } from './getCompanyPublicId'
import { swappedEvent } from './swappedEvent'
import { type SyncTradesParams, type SyncTradesResult, syncTrades } from './syncTrades'
import { MAX_SKIPPED_ROUNDS, watchTrades } from './watchTrades'

// A stand-in that emits exactly the aggregator's Swapped event, so the watcher is tested without pools.
const emitterSource = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract SwapEmitter {
  event Swapped(address indexed sender, address indexed receiver, bytes32 indexed integratorId,
    address tokenIn, address tokenOut, uint256 amountIn, uint256 amountOut, uint256 feeAmount);
  struct SwapParams { address tokenIn; address tokenOut; uint256 amountIn; uint256 amountOut; address receiver;
    uint256 deadline; address feeRecipient; uint16 feeBps; bytes32 integratorId; }
  function swap(bytes32 integratorId, uint256 amountIn, uint256 count) external {
    for (uint256 i = 0; i < count; i++) {
      emit Swapped(msg.sender, address(this), integratorId, address(0), address(this), amountIn + i, amountIn * 2, 0);
    }
  }
  // An Aggregator swap call (its SwapParams lead the arguments): emits its Swapped, with the fee terms in the call.
  fallback() external {
    SwapParams memory p = abi.decode(msg.data[4:292], (SwapParams));
    emit Swapped(msg.sender, p.receiver, p.integratorId, p.tokenIn, p.tokenOut, p.amountIn, p.amountOut, 0);
  }
}`
const emitterAbi = parseAbi(['function swap(bytes32 integratorId, uint256 amountIn, uint256 count)'])

function compileEmitter(): Hex {
  const input = {
    language: 'Solidity',
    sources: { 'SwapEmitter.sol': { content: emitterSource } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['evm.bytecode.object'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    contracts?: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>
    errors?: { severity: string; formattedMessage: string }[]
  }
  const errors = output.errors?.filter((e) => e.severity === 'error') ?? []
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
  const object = output.contracts?.['SwapEmitter.sol']?.SwapEmitter?.evm.bytecode.object
  if (object === undefined) throw new Error('SwapEmitter did not compile')
  return `0x${object}`
}

const chainId = 31337
const deployerKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
// Anvil's second default account: another sender copying a tag.
const copierKey = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
const tagSecret = new TextEncoder().encode('syncTrades test secret, 32+ characters')

let anvil: AnvilInstance
let dev: DevClient
let client: PublicClient
let store: TestStore
let emitter: Address
let startBlock: number
let acme: { id: string; integratorId: Hex; tag: Hex }
const stranger = toHex(7n, { size: 32 })

beforeAll(async () => {
  anvil = await startAnvil({ chainId, port: await allocateTestPorts(1) })
  dev = createDevClient({ rpcUrl: anvil.rpcUrl, chainId, account: privateKeyToAccount(deployerKey) })
  client = createPublicClient({ transport: http(anvil.rpcUrl), pollingInterval: 20 })
  emitter = await deployBytecode(dev, { abi: emitterAbi, bytecode: compileEmitter() })
  startBlock = Number(await client.getBlockNumber())
  store = await openTestStore({ name: 'pglite' })
  const created = await createApiKey(store, { companyName: 'Acme' })
  const integratorId = created.company.integratorId as Hex
  acme = { id: created.company.id, integratorId, tag: tagFor(integratorId) }
})

const issueBase = Math.floor(Date.now() / 1000)
let issued = 0
/**
 * A fresh tag (each issued a second earlier than the last, all distinct) a quote for `integratorId` carries for a swap
 * through the emitter by the deployer, without a fee unless overridden.
 */
function tagFor(
  integratorId: Hex,
  overrides: {
    sender?: Address
    receiver?: Address
    feeRecipient?: Address
    feeBps?: number
    issuedAtSec?: number
  } = {},
): Hex {
  issued++
  return buildIntegratorTag({
    issuedAtSec: issueBase - issued,
    feeRecipient: zeroAddress,
    feeBps: 0,
    secret: tagSecret,
    companyId: getCompanyPublicId(integratorId),
    chainId,
    aggregator: emitter,
    sender: privateKeyToAccount(deployerKey).address,
    receiver: emitter,
    tokenIn: zeroAddress,
    tokenOut: emitter,
    ...overrides,
  })
}
afterAll(async () => {
  await store?.destroy()
  await anvil?.stop()
})

async function swap(integratorId: Hex, amountIn: bigint, count = 1n, from: DevClient = dev) {
  const hash = await from.writeContract({
    address: emitter,
    abi: emitterAbi,
    functionName: 'swap',
    args: [integratorId, amountIn, count],
  })
  return waitForReceipt(from, { hash })
}

const params = (overrides: Partial<SyncTradesParams> = {}): SyncTradesParams => ({
  store,
  client,
  chainId,
  aggregator: emitter,
  startBlock,
  tagSecret,
  batchBlocks: 3,
  reorgDepth: 4,
  ...overrides,
})

async function syncUntilIdle(p: SyncTradesParams): Promise<SyncTradesResult['kind'][]> {
  const kinds: SyncTradesResult['kind'][] = []
  for (let i = 0; i < 200; i++) {
    const result = await syncTrades(p)
    kinds.push(result.kind)
    if (result.kind === 'idle') return kinds
  }
  throw new Error('watcher never caught up')
}

/** What the chain says: every Swapped log from the start block, as `txHash:logIndex:amountIn`. */
async function chainLogs(): Promise<string[]> {
  const logs = await client.getLogs({
    address: emitter,
    event: swappedEvent,
    fromBlock: BigInt(startBlock),
    toBlock: 'latest',
    strict: true,
  })
  return logs.map((l) => `${l.transactionHash}:${l.logIndex}:${l.args.amountIn}`)
}

async function storedLogs(): Promise<string[]> {
  const rows = await listChainTrades(store.db, chainId)
  return rows.map((t) => `${t.txHash}:${t.logIndex}:${t.amountIn}`)
}

describe('trade watcher on anvil', () => {
  it('indexes every Swapped log once across a stop and a restart, with receipts and company attribution', async () => {
    const receipts = []
    for (let i = 0; i < 10; i++)
      receipts.push(await swap(i % 2 === 0 ? tagFor(acme.integratorId) : stranger, BigInt(100 + i)))
    // three Swapped logs with one tag: the tag counts once
    receipts.push(await swap(acme.tag, 500n, 3n))

    const first = await syncTrades(params())
    const second = await syncTrades(params())
    expect(first).toMatchObject({ kind: 'advanced', fromBlock: startBlock, toBlock: startBlock + 2 })
    expect(second).toMatchObject({ kind: 'advanced', fromBlock: startBlock + 3, toBlock: startBlock + 5 })
    store = await store.reopen()

    let caughtUp: () => void = () => {}
    const idle = new Promise<void>((resolve) => {
      caughtUp = resolve
    })
    const watcher = watchTrades({
      ...params(),
      logger: createSilentLogger(),
      pollIntervalMs: 50,
      onSync: (r) => r.kind === 'idle' && caughtUp(),
    })
    await idle
    await watcher.stop()

    const expected = await chainLogs()
    expect(expected).toHaveLength(13)
    expect(await storedLogs()).toEqual(expected)
    const rows = await listChainTrades(store.db, chainId)
    const last = receipts[10]
    expect(
      rows
        .slice(-3)
        .map((t) => [t.amountIn, t.amountOut, t.feeAmount, t.gasUsed, t.gasPrice, t.companyId, t.status]),
    ).toEqual(
      [
        [500n, acme.id],
        [501n, null],
        [502n, null],
      ].map(([amountIn, companyId]) => [
        amountIn,
        1000n,
        0n,
        last?.gasUsed,
        last?.effectiveGasPrice,
        companyId,
        1,
      ]),
    )
    expect(rows.filter((t) => t.companyId === acme.id)).toHaveLength(6)
    expect(rows.filter((t) => t.integratorId === stranger && t.companyId === null)).toHaveLength(5)
    expect(rows[0]?.txFrom).toBe(privateKeyToAccount(deployerKey).address)
    expect(await getWatcherCursor(store.db, chainId)).toMatchObject({
      lastBlock: Number(await client.getBlockNumber()),
    })
  })

  it('attributes a swap to a company only when its tag verifies for the event, and stores the others without one', async () => {
    await syncUntilIdle(params())
    const copier = createDevClient({ rpcUrl: anvil.rpcUrl, chainId, account: privateKeyToAccount(copierKey) })
    const other: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
    const own = tagFor(acme.integratorId)
    const cases: [label: string, tag: Hex, from: DevClient][] = [
      ['own', own, dev],
      ['copied by another sender', own, copier],
      ['for another receiver', tagFor(acme.integratorId, { receiver: other }), dev],
      ['for another sender', tagFor(acme.integratorId, { sender: other }), dev],
      ['random company prefix', `0x${'5a'.repeat(16)}${own.slice(34)}`, dev],
      ['bare integrator id', acme.integratorId, dev],
    ]
    const hashes = new Map<string, string>()
    for (const [label, tag, from] of cases)
      hashes.set((await swap(tag, 20_000n, 1n, from)).transactionHash, label)
    await syncUntilIdle(params())
    const rows = (await listChainTrades(store.db, chainId)).filter((t) => hashes.has(t.txHash))
    expect(rows.map((t) => [hashes.get(t.txHash), t.companyId])).toEqual(
      cases.map(([label]) => [label, label === 'own' ? acme.id : null]),
    )
    expect(rows.map((t) => t.integratorId)).toEqual(cases.map(([, tag]) => tag.toLowerCase()))
  })

  it('counts a tag once: used again by its own sender, the swap is stored with no company', async () => {
    await syncUntilIdle(params())
    const tag = tagFor(acme.integratorId)
    const first = await swap(tag, 30_000n)
    const again = await swap(tag, 30_001n)
    await syncUntilIdle(params())
    // and not when a later round finds it either
    const later = await swap(tag, 30_002n)
    await syncUntilIdle(params())
    const rows = await listChainTrades(store.db, chainId)
    const byTx = (hash: Hex) => rows.find((t) => t.txHash === hash.toLowerCase())?.companyId
    expect([first, again, later].map((r) => byTx(r.transactionHash))).toEqual([acme.id, null, null])
  })

  it('refuses an expired tag: issued longer ago than its lifetime (with the clock slack)', async () => {
    await syncUntilIdle(params())
    const now = Math.floor(Date.now() / 1000)
    const expired = await swap(
      tagFor(acme.integratorId, { issuedAtSec: now - tagLifetimeSec - tagClockSkewSec - 60 }),
      40_000n,
    )
    const fresh = await swap(tagFor(acme.integratorId, { issuedAtSec: now - tagLifetimeSec + 60 }), 40_001n)
    await syncUntilIdle(params())
    const rows = await listChainTrades(store.db, chainId)
    const byTx = (hash: Hex) => rows.find((t) => t.txHash === hash.toLowerCase())?.companyId
    expect([byTx(expired.transactionHash), byTx(fresh.transactionHash)]).toEqual([null, acme.id])
  })

  it("binds the fee terms: the tag in a call with another fee or fee recipient than the quote's is not attributed", async () => {
    await syncUntilIdle(params())
    const feeRecipient: Address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
    const sender = privateKeyToAccount(deployerKey).address
    const tag = tagFor(acme.integratorId, { receiver: sender, feeRecipient, feeBps: 30 })
    const call = (fee: { feeRecipient: Address; feeBps: number }) =>
      encodeFunctionData({
        abi: aggregatorAbi,
        functionName: 'swapExactIn',
        args: [
          {
            tokenIn: zeroAddress,
            tokenOut: emitter,
            amountIn: 50_000n,
            amountOut: 1n,
            receiver: sender,
            deadline: 2n ** 40n,
            integratorId: tag,
            ...fee,
          },
          [],
        ],
      })
    const hashes: Hex[] = []
    for (const fee of [
      { feeRecipient, feeBps: 0 },
      { feeRecipient: sender, feeBps: 30 },
      { feeRecipient, feeBps: 29 },
      { feeRecipient, feeBps: 30 },
    ]) {
      const hash = await dev.sendTransaction({ to: emitter, data: call(fee) })
      hashes.push((await waitForReceipt(dev, { hash })).transactionHash)
    }
    await syncUntilIdle(params())
    const rows = await listChainTrades(store.db, chainId)
    expect(hashes.map((hash) => rows.find((t) => t.txHash === hash.toLowerCase())?.companyId)).toEqual([
      null,
      null,
      null,
      acme.id,
    ])
  })

  it('rolls back and re-indexes after a reorg (evm_revert and a different chain of blocks)', async () => {
    await syncUntilIdle(params())
    const snapshot = await dev.snapshot()
    for (let i = 0; i < 3; i++) await swap(acme.tag, 7_000n + BigInt(i))
    await syncUntilIdle(params())
    expect((await storedLogs()).filter((l) => l.endsWith(':7000'))).toHaveLength(1)

    await dev.revert({ id: snapshot })
    for (let i = 0; i < 4; i++) await swap(stranger, 9_000n + BigInt(i))
    const kinds = await syncUntilIdle(params())
    expect(kinds[0]).toBe('reorg')
    const stored = await storedLogs()
    expect(stored).toEqual(await chainLogs())
    expect(stored.filter((l) => /:700\d$/.test(l))).toEqual([])
    expect(stored.filter((l) => /:900\d$/.test(l))).toHaveLength(4)
  })

  it('waits for confirmations', async () => {
    await syncUntilIdle(params())
    await swap(acme.tag, 11_000n)
    const before = (await storedLogs()).length
    expect((await syncTrades(params({ confirmations: 1 }))).kind).toBe('idle')
    expect((await storedLogs()).length).toBe(before)
    await dev.mine({ blocks: 1 })
    await syncUntilIdle(params({ confirmations: 1 }))
    expect((await storedLogs()).length).toBe(before + 1)
  })

  it('skips its rounds while the head it follows stays where a round found nothing new', async () => {
    await syncUntilIdle(params())
    let head = 'a'
    const results: SyncTradesResult[] = []
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 500 && !done(); i++) await new Promise((r) => setTimeout(r, 10))
      expect(done()).toBe(true)
    }
    const watcher = watchTrades({
      ...params(),
      logger: createSilentLogger(),
      pollIntervalMs: 10,
      head: () => head,
      onSync: (r) => results.push(r),
    })
    try {
      await until(() => results.length === 1)
      expect(results[0]?.kind).toBe('idle')
      // a swap lands, but the head this watcher follows has not moved yet: fewer rounds than the cap, no read
      await swap(acme.tag, 12_000n)
      const before = (await storedLogs()).length
      await new Promise((r) => setTimeout(r, 10 * (MAX_SKIPPED_ROUNDS / 3)))
      expect(results).toHaveLength(1)
      head = 'b'
      await until(() => results.some((r) => r.kind === 'advanced'))
      expect((await storedLogs()).length).toBe(before + 1)
      // a head that stops moving is still read once every MAX_SKIPPED_ROUNDS rounds
      await until(() => results.at(-1)?.kind === 'idle')
      const idleRounds = results.length
      await until(() => results.length > idleRounds)
    } finally {
      await watcher.stop()
    }
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('two trade watchers on one PostgreSQL database', () => {
  it('store every swap once while both follow the chain, as two API processes do', async () => {
    const shared = await openTestStore({ name: 'postgres', databaseUrl: process.env.TEST_DATABASE_URL ?? '' })
    // the second process's own store: its own pooled connections to the same database
    const other = await createStore({ databaseUrl: shared.databaseUrl ?? '', dataDir: '' })
    const watch = (own: Store) =>
      watchTrades({ ...params({ store: own }), logger: createSilentLogger(), pollIntervalMs: 10 })
    const watchers = [watch(shared), watch(other)]
    try {
      // swaps land while both watchers run, one block each
      for (let i = 0; i < 12; i++) await swap(stranger, BigInt(900 + i))
      const head = Number(await client.getBlockNumber())
      for (let tries = 0; ((await getWatcherCursor(shared.db, chainId))?.lastBlock ?? 0) < head; tries++) {
        if (tries > 500) throw new Error('the watchers never reached the head')
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      await Promise.all(watchers.map((watcher) => watcher.stop()))
      const stored = (await listChainTrades(shared.db, chainId)).map(
        (t) => `${t.txHash}:${t.logIndex}:${t.amountIn}`,
      )
      expect(stored).toEqual(await chainLogs())
      expect(new Set(stored).size).toBe(stored.length)
    } finally {
      await Promise.all(watchers.map((watcher) => watcher.stop()))
      await other.close()
      await shared.destroy()
    }
  })
})
