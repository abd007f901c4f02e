import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../appEnv'
import { loadConfig } from '../config'
import { createSilentLogger } from '../logger'
import { createTestApp } from '../testing/createTestApp'
import { handleError } from './handleError'
import { limitBodySize } from './limitBodySize'

function buildApp() {
  const app = new Hono<AppEnv>()
  app.onError(handleError(createSilentLogger()))
  app.use(limitBodySize({ maxBytes: 1_024, perPath: { '/big': 4_096 } }))
  app.post('/echo', async (c) => c.json({ bytes: (await c.req.arrayBuffer()).byteLength }))
  app.post('/big', async (c) => c.json({ bytes: (await c.req.arrayBuffer()).byteLength }))
  return app
}

function streamOf(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close()
      const chunk = new Uint8Array(Math.min(256, bytes - sent))
      sent += chunk.length
      controller.enqueue(chunk)
    },
  })
}

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  ({ method: 'POST', body, headers, duplex: 'half' }) as RequestInit

describe('limitBodySize', () => {
  it('accepts a body of exactly the limit and refuses one byte more with 413 PAYLOAD_TOO_LARGE', async () => {
    const app = buildApp()
    const exact = await app.request('/echo', post('x'.repeat(1_024)))
    expect([exact.status, await exact.json()]).toEqual([200, { bytes: 1_024 }])
    const over = await app.request('/echo', post('x'.repeat(1_025)))
    expect(over.status).toBe(413)
    expect(await over.json()).toMatchObject({
      statusCode: 413,
      message: 'Request body exceeds 1024 bytes',
      error: { code: 'PAYLOAD_TOO_LARGE', details: { maxBytes: 1_024 } },
    })
  })

  it('refuses a streamed body without a Content-Length once it passes the limit', async () => {
    const app = buildApp()
    const res = await app.request('/echo', post(streamOf(10_000_000), { 'transfer-encoding': 'chunked' }))
    expect(res.status).toBe(413)
    const ok = await app.request('/echo', post(streamOf(1_000), { 'transfer-encoding': 'chunked' }))
    expect(await ok.json()).toEqual({ bytes: 1_000 })
  })

  it('applies a per-path limit', async () => {
    const app = buildApp()
    expect((await app.request('/big', post('x'.repeat(4_096)))).status).toBe(200)
    expect((await app.request('/big', post('x'.repeat(4_097)))).status).toBe(413)
  })

  it('bounds every body of the app by MAX_BODY_BYTES, whatever the route', async () => {
    const { app } = createTestApp({ config: loadConfig({ MAX_BODY_BYTES: '2048' }) })
    const big = JSON.stringify({ padding: 'x'.repeat(4_000) })
    const paths = ['/trade/v1/1/swap/single', '/devnet/faucet', '/health', '/no/such/route']
    const statuses = await Promise.all(
      paths.map(
        async (path) => (await app.request(path, post(big, { 'content-type': 'application/json' }))).status,
      ),
    )
    expect(statuses).toEqual([413, 413, 413, 413])
  })
})
