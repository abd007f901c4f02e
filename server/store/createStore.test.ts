import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { emptyTestStore } from '../testing/emptyTestStore'
import { getActiveApiKeyByHash, insertApiKey, listApiKeys, revokeApiKeys } from './apiKeys'
import { getCompanyByIntegratorId, getCompanyByName, insertCompany } from './companies'
import { copyPgliteTemplate } from './copyPgliteTemplate'
import { createStore, DataDirDamagedError } from './createStore'
import { getErrorRegistration, insertErrorRegistration, listErrorRegistrations } from './errorRegistrations'
import { DataDirLockedError } from './lockDataDir'
import { getTestStoreTargets, openTestStore, type TestStore } from './openTestStore'
import { deleteRateLimitBucketsBefore, hitRateLimitBucket } from './rateLimitBuckets'
import {
  deleteTradesAfterBlock,
  getTradesByTx,
  insertTrades,
  listCompanyTrades,
  type NewTrade,
} from './trades'
import { compareAndSetWatcherCursor, getWatcherCursor } from './watcherCursors'

// PostgreSQL runs too when TEST_DATABASE_URL is set (e.g. postgres://postgres@127.0.0.1:55432/postgres).
const targets = getTestStoreTargets(process.env.TEST_DATABASE_URL)

const integratorId = `0x${'ab'.repeat(32)}` as const
const maxUint256 = 2n ** 256n - 1n

function trade(overrides: Partial<NewTrade>): NewTrade {
  return {
    chainId: 1,
    txHash: `0x${'11'.repeat(32)}`,
    logIndex: 0,
    blockNumber: 10,
    blockHash: `0x${'22'.repeat(32)}`,
    blockTimestamp: new Date('2025-01-01T00:00:00Z'),
    sender: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    receiver: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    tokenIn: '0x0000000000000000000000000000000000000000',
    tokenOut: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    amountIn: 10n ** 18n,
    amountOut: maxUint256,
    feeAmount: 3n,
    integratorId,
    companyId: null,
    txFrom: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    txTo: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    gasUsed: 123_456n,
    gasPrice: 1_000_000_007n,
    status: 1,
    ...overrides,
  }
}

describe.each(targets)('store on $name', (target) => {
  // one store per target, emptied before each test: opening a PGlite store takes seconds, emptying it milliseconds
  let store: TestStore
  beforeAll(async () => {
    store = await openTestStore(target)
  })
  afterAll(async () => {
    await store?.destroy()
  })
  beforeEach(async () => {
    await emptyTestStore(store)
  })

  it('stores companies, keys, registrations, trades, cursors and buckets, and finds them after a restart', async () => {
    const company = await insertCompany(store.db, {
      name: 'Acme',
      integratorId: integratorId.toUpperCase().replace('0X', '0x') as `0x${string}`,
    })
    expect(company.integratorId).toBe(integratorId)
    const key = await insertApiKey(store.db, {
      companyId: company.id,
      keyHash: 'h1',
      prefix: 'sk_live_abcdefgh',
    })
    const registrationId = await insertErrorRegistration(store.db, {
      companyId: company.id,
      apiKeyId: key.id,
      inputData: '0xdeadbeef',
      value: maxUint256,
      chainId: 43114,
      blockNumber: 2 ** 40,
      sender: null,
    })
    expect(await insertTrades(store.db, [trade({ companyId: company.id }), trade({ logIndex: 1 })])).toBe(2)
    expect(await insertTrades(store.db, [trade({}), trade({ logIndex: 2 })])).toBe(1)
    expect(
      await compareAndSetWatcherCursor(
        store.db,
        { chainId: 1, lastBlock: 10, lastBlockHash: '0xaa' },
        undefined,
      ),
    ).toBe(true)
    expect(await hitRateLimitBucket(store.db, { bucketKey: 'ip:1', windowStartMs: 60_000 })).toBe(1)
    expect(await hitRateLimitBucket(store.db, { bucketKey: 'ip:1', windowStartMs: 60_000 })).toBe(2)

    store = await store.reopen()
    expect((await getCompanyByName(store.db, 'Acme'))?.id).toBe(company.id)
    expect((await getCompanyByIntegratorId(store.db, integratorId))?.name).toBe('Acme')
    expect((await getActiveApiKeyByHash(store.db, 'h1'))?.company.name).toBe('Acme')
    const registration = await getErrorRegistration(store.db, registrationId)
    expect(registration).toMatchObject({
      value: maxUint256,
      chainId: 43114,
      blockNumber: 2 ** 40,
      inputData: '0xdeadbeef',
      sender: null,
    })
    expect(
      (await listErrorRegistrations(store.db, { companyId: company.id, limit: 10, offset: 0 })).map(
        (r) => r.id,
      ),
    ).toEqual([registrationId])
    const stored = await getTradesByTx(store.db, {
      chainId: 1,
      txHash: `0x${'11'.repeat(32)}`.toUpperCase().replace('0X', '0x'),
    })
    expect(stored.map((t) => [t.logIndex, t.amountOut, t.gasPrice, t.companyId])).toEqual([
      [0, maxUint256, 1_000_000_007n, company.id],
      [1, maxUint256, 1_000_000_007n, null],
      [2, maxUint256, 1_000_000_007n, null],
    ])
    expect(await getWatcherCursor(store.db, 1)).toEqual({ chainId: 1, lastBlock: 10, lastBlockHash: '0xaa' })
    expect(await hitRateLimitBucket(store.db, { bucketKey: 'ip:1', windowStartMs: 60_000 })).toBe(3)
  })

  it('revokes keys by prefix or id, once', async () => {
    const company = await insertCompany(store.db, { name: 'Acme', integratorId })
    const a = await insertApiKey(store.db, {
      companyId: company.id,
      keyHash: 'ha',
      prefix: 'sk_live_aaaaaaaa',
    })
    const b = await insertApiKey(store.db, {
      companyId: company.id,
      keyHash: 'hb',
      prefix: 'sk_live_bbbbbbbb',
    })
    expect((await revokeApiKeys(store.db, 'sk_live_aaaaaaaa')).map((k) => k.id)).toEqual([a.id])
    expect(await revokeApiKeys(store.db, 'sk_live_aaaaaaaa')).toEqual([])
    expect((await revokeApiKeys(store.db, b.id)).map((k) => k.id)).toEqual([b.id])
    expect(await getActiveApiKeyByHash(store.db, 'ha')).toBeUndefined()
    expect((await listApiKeys(store.db)).map((k) => k.key.revokedAt === null)).toEqual([false, false])
  })

  it('lists company trades by date and deletes trades above a block', async () => {
    const company = await insertCompany(store.db, { name: 'Acme', integratorId })
    const day = (d: number) => new Date(Date.UTC(2025, 0, d))
    await insertTrades(
      store.db,
      [1, 2, 3, 4].map((d) =>
        trade({ logIndex: d, blockNumber: d, blockTimestamp: day(d), companyId: company.id }),
      ),
    )
    const page = await listCompanyTrades(store.db, {
      companyId: company.id,
      limit: 2,
      offset: 1,
      dateFrom: day(1),
      dateTo: day(4),
    })
    expect(page.map((t) => t.blockNumber)).toEqual([3, 2])
    const ranged = await listCompanyTrades(store.db, {
      companyId: company.id,
      limit: 10,
      offset: 0,
      dateFrom: day(2),
      dateTo: day(3),
    })
    expect(ranged.map((t) => t.blockNumber)).toEqual([3, 2])
    expect(await deleteTradesAfterBlock(store.db, { chainId: 1, blockNumber: 2 })).toBe(2)
    expect(await deleteTradesAfterBlock(store.db, { chainId: 1, blockNumber: 2 })).toBe(0)
  })

  it('moves the watcher cursor only from where the caller read it', async () => {
    const start = { chainId: 5, lastBlock: 1, lastBlockHash: null }
    expect(await compareAndSetWatcherCursor(store.db, start, undefined)).toBe(true)
    expect(await compareAndSetWatcherCursor(store.db, start, undefined)).toBe(false)
    const next = { chainId: 5, lastBlock: 9, lastBlockHash: '0x09' }
    expect(await compareAndSetWatcherCursor(store.db, next, start)).toBe(true)
    expect(await compareAndSetWatcherCursor(store.db, { ...next, lastBlock: 12 }, start)).toBe(false)
    expect(await getWatcherCursor(store.db, 5)).toEqual(next)
  })

  it('counts concurrent rate-limit hits exactly and prunes old windows', async () => {
    const counts = await Promise.all(
      Array.from({ length: 40 }, () =>
        hitRateLimitBucket(store.db, { bucketKey: 'key:x', windowStartMs: 120_000 }),
      ),
    )
    expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1))
    await hitRateLimitBucket(store.db, { bucketKey: 'key:x', windowStartMs: 60_000 })
    expect(await deleteRateLimitBucketsBefore(store.db, 120_000)).toBe(1)
  })
})

describe('the embedded database directory', () => {
  it('refuses a second store on the same directory while the first is open, and allows it after close', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'store-lock-'))
    try {
      const first = await createStore({ dataDir })
      await expect(createStore({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError)
      await first.close()
      const second = await createStore({ dataDir })
      await second.close()
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  it.each([
    ['PG_VERSION', (dbDir: string) => writeFile(path.join(dbDir, 'PG_VERSION'), 'garbage\n')],
    ['global/pg_control', (dbDir: string) => writeFile(path.join(dbDir, 'global', 'pg_control'), 'garbage')],
  ])('fails the start with a message naming a damaged %s and the fix', async (file, damage) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'store-damaged-'))
    const dbDir = path.join(dataDir, 'db')
    try {
      // a database as createStore leaves it (a new directory's initdb, seconds each, is covered above)
      await copyPgliteTemplate(dbDir)
      // and a healthy one beside it, which opens after the failure
      await mkdir(path.join(dataDir, 'fresh'))
      await copyPgliteTemplate(path.join(dataDir, 'fresh', 'db'))
      await damage(dbDir)
      const error = await createStore({ dataDir }).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(DataDirDamagedError)
      const message = error instanceof Error ? error.message : ''
      expect(message).toContain(
        `The embedded database in ${dbDir} cannot be opened: ${path.join(dbDir, file)} is damaged`,
      )
      expect(message).toContain(`move it aside (mv ${dbDir} ${dbDir}.damaged)`)
      await (await createStore({ dataDir: path.join(dataDir, 'fresh') })).close()
      await expect(createStore({ dataDir })).rejects.toBeInstanceOf(DataDirDamagedError)
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('several processes on one PostgreSQL database', () => {
  it('migrate a new database once when they start at the same time', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL ?? ''
    const name = `migrate_${Date.now().toString(36)}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    try {
      const stores = await Promise.all(
        [1, 2, 3].map(() => createStore({ databaseUrl: url.toString(), dataDir: '' })),
      )
      const check = new pg.Client({ connectionString: url.toString() })
      await check.connect()
      const applied = await check.query('select hash from drizzle.__drizzle_migrations')
      await check.end()
      const files = (await readdir(path.join(import.meta.dirname, 'migrations'))).filter((f) =>
        f.endsWith('.sql'),
      )
      expect(applied.rows).toHaveLength(files.length)
      await Promise.all(stores.map((store) => store.close()))
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
    }
  })
})
