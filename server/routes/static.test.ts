import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../testing/createTestApp'

let distDir: string
const indexHtml = '<!doctype html><title>app</title><div id="root"></div>'

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'static-test-'))
  await mkdir(path.join(distDir, 'assets'))
  await mkdir(path.join(distDir, 'chains'))
  await writeFile(path.join(distDir, 'index.html'), indexHtml)
  await writeFile(path.join(distDir, 'assets', 'index-Dx8f3a.js'), 'console.log(1)')
  await writeFile(path.join(distDir, 'chains', '1.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  await writeFile(path.join(path.dirname(distDir), 'static-test-secret.txt'), 'TOP-SECRET-CONTENT')
})

afterAll(async () => {
  await rm(distDir, { recursive: true, force: true })
  await rm(path.join(path.dirname(distDir), 'static-test-secret.txt'), { force: true })
})

const app = () => createTestApp({ distDir }).app

describe('static web app', () => {
  it('serves index.html at / without caching', async () => {
    const res = await app().request('/')
    expect([res.status, res.headers.get('content-type'), res.headers.get('cache-control')]).toEqual([
      200,
      'text/html; charset=utf-8',
      'no-cache',
    ])
    expect(await res.text()).toBe(indexHtml)
  })

  it('falls back to index.html for client-side routes and unknown pages (the app draws its not-found view)', async () => {
    for (const route of [
      '/',
      '/widget',
      '/history',
      '/widget?chain=1&from=ETH',
      '/no/such/page',
      '/history/',
    ]) {
      const res = await app().request(route)
      expect([route, res.status, await res.text()]).toEqual([route, 200, indexHtml])
    }
  })

  it('serves hashed assets as immutable and other files for an hour', async () => {
    const asset = await app().request('/assets/index-Dx8f3a.js')
    expect([asset.status, asset.headers.get('content-type'), asset.headers.get('cache-control')]).toEqual([
      200,
      'text/javascript; charset=utf-8',
      'public, max-age=31536000, immutable',
    ])
    const logo = await app().request('/chains/1.svg')
    expect([logo.headers.get('content-type'), logo.headers.get('cache-control')]).toEqual([
      'image/svg+xml; charset=utf-8',
      'public, max-age=3600',
    ])
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await app().request('/assets/index-Dx8f3a.js')
    const etag = first.headers.get('etag') ?? ''
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/)
    const second = await app().request('/assets/index-Dx8f3a.js', { headers: { 'if-none-match': etag } })
    expect(second.status).toBe(304)
  })

  it('answers 404 JSON for a missing file with an extension and for API paths', async () => {
    for (const route of [
      '/assets/missing.js',
      '/trade/v1/unknown',
      '/v1/nope',
      '/api/nope',
      '/info/nope',
      '/devnet/nope',
      '/trade',
    ]) {
      const res = await app().request(route)
      expect([route, res.status, ((await res.json()) as { error: { code: string } }).error.code]).toEqual([
        route,
        404,
        'NOT_FOUND',
      ])
    }
  })

  it('never serves files outside dist', async () => {
    const res = await app().request('/..%2Fstatic-test-secret.txt')
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('TOP-SECRET-CONTENT')
  })

  it('explains how to build the app when dist is missing', async () => {
    const res = await createTestApp({ distDir: path.join(distDir, 'nope') }).app.request('/')
    expect(res.status).toBe(503)
    expect(await res.text()).toContain('npm run build:web')
  })
})
