import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { createDevnetRoutes, type DevnetHandle } from '../../devnet/routes/createDevnetRoutes'
import { loadConfig } from '../config'
import { openTestStore, type TestStore } from '../store/openTestStore'
import { createTestApp } from '../testing/createTestApp'
import { alwaysKeyedPaths, type OpenApiDocument } from './finalizeOpenApiDocument'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const redoclyCli = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin/cli.js',
)
const devnet: DevnetHandle = {
  manifest: { version: 'v', chains: [], devAccounts: [] },
  fund: async ({ address }) => ({ address, chains: [] }),
  stop: async () => {},
}

async function documentFor(env: Record<string, string>, store?: TestStore) {
  const { app } = createTestApp({
    config: loadConfig(env),
    isDevnet: true,
    routes: [createDevnetRoutes({ devnet })],
    ...(store ? { store } : {}),
  })
  return { app, doc: (await (await app.request('/openapi.json')).json()) as OpenApiDocument }
}

type Operation = {
  path: string
  method: string
  op: NonNullable<NonNullable<OpenApiDocument['paths']>[string]['get']>
}

function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    (['get', 'post'] as const).flatMap((method) => {
      const op = item[method]
      return op === undefined ? [] : [{ path, method, op }]
    }),
  )
}

const isRequired = (op: Operation['op']) => !(op.security ?? []).some((s) => Object.keys(s).length === 0)

async function lint(doc: OpenApiDocument) {
  const dir = await mkdtemp(path.join(tmpdir(), 'openapi-lint-'))
  try {
    const file = path.join(dir, 'openapi.json')
    await writeFile(file, JSON.stringify(doc))
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [redoclyCli, 'lint', file, '--config', path.join(repoRoot, 'redocly.yaml'), '--format=json'],
      { env: { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' } },
    ).catch((error: unknown) => {
      if (
        error !== null &&
        typeof error === 'object' &&
        'stdout' in error &&
        typeof error.stdout === 'string'
      ) {
        return { stdout: error.stdout }
      }
      throw error
    })
    const report = JSON.parse(stdout) as {
      totals: { errors: number; warnings: number }
      problems: { ruleId: string; message: string }[]
    }
    return { totals: report.totals, problems: report.problems.map((p) => `${p.ruleId}: ${p.message}`) }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

describe('the OpenAPI document', () => {
  it.each<Record<string, string>>([{}, { AUTH_REQUIRED: 'all' }])(
    'is redocly-lint clean with redocly.yaml (%j)',
    async (env) => {
      const { doc } = await documentFor(env)
      expect(await lint(doc)).toEqual({ totals: { errors: 0, warnings: 0, ignored: 0 }, problems: [] })
    },
    // the first run loads redocly's CLI cold: about 15 s on a quiet 2-core machine, twice that under load
    120_000,
  )

  it('declares the key requirement per operation from AUTH_REQUIRED and the always-keyed routes', async () => {
    const required = async (env: Record<string, string>) =>
      operationsOf((await documentFor(env)).doc)
        .filter(({ op }) => isRequired(op))
        .map(({ method, path }) => `${method} ${path}`)
        .sort()
    expect(await required({})).toEqual(['get /trade/v1/info/trades', 'get /v1/errors'])
    expect(await required({ AUTH_REQUIRED: 'single,register-error' })).toEqual([
      'get /trade/v1/info/trades',
      'get /trade/v1/{chainId}/batch_quote/single',
      'get /trade/v1/{chainId}/quote/single',
      'get /trade/v1/{chainId}/swap/single',
      'get /v1/errors',
      'post /api/register-error',
      'post /trade/v1/{chainId}/swap/single',
    ])
    expect(alwaysKeyedPaths).toEqual(['/trade/v1/info/trades', '/v1/errors'])
  })

  it('declares 401, 429, 500 and 503 on every operation, and 400/413/415 where inputs and bodies exist', async () => {
    const { doc } = await documentFor({})
    for (const { path, method, op } of operationsOf(doc)) {
      const statuses = Object.keys(op.responses ?? {})
      expect([path, method, statuses]).toEqual([
        path,
        method,
        expect.arrayContaining(['401', '429', '500', '503']),
      ])
      if (op.requestBody !== undefined) {
        expect([path, statuses]).toEqual([path, expect.arrayContaining(['400', '413'])])
      }
    }
    const post = doc.paths?.['/trade/v1/{chainId}/swap/single']?.post
    expect(Object.keys(post?.responses ?? {})).toEqual([
      '200',
      '400',
      '401',
      '413',
      '415',
      '422',
      '429',
      '500',
      '503',
    ])
    expect(Object.keys(doc.paths?.['/rpc/{chainId}']?.post?.responses ?? {})).not.toContain('415')
  })

  it('tells the truth about keys: required operations answer 401 without a key, all answer 401 to a wrong one', async () => {
    const store = await openTestStore({ name: 'pglite' })
    const { app, doc } = await documentFor({ AUTH_REQUIRED: 'all', RATE_LIMIT_PER_MINUTE_IP: '0' }, store)
    const wrongKey = `sk_live_${'c'.repeat(43)}`
    for (const { path, method, op } of operationsOf(doc)) {
      const url = path.replaceAll('{chainId}', '1').replaceAll(/\{[^}]+\}/g, 'x')
      const init = (headers: Record<string, string>) => ({
        method: method.toUpperCase(),
        headers: { 'content-type': 'application/json', ...headers },
        ...(method === 'post' ? { body: '{}' } : {}),
      })
      if (isRequired(op)) expect([path, (await app.request(url, init({}))).status]).toEqual([path, 401])
      expect([path, (await app.request(url, init({ 'x-api-key': wrongKey }))).status]).toEqual([path, 401])
    }
    await store.destroy()
  })
})
