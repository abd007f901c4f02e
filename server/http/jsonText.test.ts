import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createAnswerRing, createAnswerRingWriter } from '../routingPool/answerRing'
import {
  appendJsonFields,
  decodeJsonBytes,
  encodeJsonText,
  joinJsonArray,
  type LentJson,
  respondJsonText,
  respondLentJson,
  toJsonText,
} from './jsonText'

/** `text` lent from an answer ring of `ringBytes`, with a log of when it was released. */
function lendFromRing(text: string, log: string[], ringBytes = 1024) {
  const ring = createAnswerRing(ringBytes)
  const region = createAnswerRingWriter(ring.memory).write(toJsonText(text))
  if (!region) throw new Error('no room')
  const lent = ring.lend<string>(region)
  return {
    bytes: lent.bytes,
    release() {
      log.push('released')
      lent.release()
    },
  } satisfies LentJson<string>
}

describe('jsonText', () => {
  it("appends an object's fields as JSON.stringify writes the spread", () => {
    const quote = { a: '1', nested: { b: [1, 2] }, c: null }
    const estimate = { estimateGas: '21000', insufficientFunds: false }
    expect(appendJsonFields(toJsonText(quote), toJsonText(estimate))).toBe(
      JSON.stringify({ ...quote, ...estimate }),
    )
    expect(appendJsonFields(toJsonText(quote), toJsonText({}))).toBe(JSON.stringify(quote))
    expect(appendJsonFields(toJsonText({}), toJsonText(estimate))).toBe(JSON.stringify(estimate))
  })

  it('joins texts into the JSON array of their values', () => {
    expect(joinJsonArray([toJsonText({ a: 1 }), toJsonText({ a: 2 })])).toBe(
      JSON.stringify([{ a: 1 }, { a: 2 }]),
    )
    expect(joinJsonArray([])).toBe('[]')
  })

  it('encodes a text in UTF-8 in a buffer of its own, and decodes it back', () => {
    const text = toJsonText({ name: 'Café €', amount: '12' })
    const bytes = encodeJsonText(text)
    expect([...bytes.subarray(9, 16)]).toEqual([0x43, 0x61, 0x66, 0xc3, 0xa9, 0x20, 0xe2])
    expect(bytes.byteLength).toBe(text.length + 3)
    // the whole buffer is the text's: it can be transferred to another thread as it is
    expect(bytes.byteOffset).toBe(0)
    expect(bytes.buffer.byteLength).toBe(bytes.byteLength)
    expect(decodeJsonBytes(bytes)).toBe(text)
  })

  it('answers text and bytes alike: 200, JSON, the exact body', async () => {
    const value = [{ name: 'Café €', amount: '12' }]
    const app = new Hono()
      .get('/text', (c) => respondJsonText(c, toJsonText(value)))
      .get('/bytes', (c) => respondJsonText(c, encodeJsonText(toJsonText(value))))
    for (const path of ['/text', '/bytes']) {
      const res = await app.request(path)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/json')
      expect(await res.text()).toBe('[{"name":"Café €","amount":"12"}]')
    }
  })

  it('answers lent bytes over HTTP and releases them once the response is written, not before', async () => {
    const log: string[] = []
    // more than the loopback's socket buffers hold: the response cannot be written before the client reads it
    const big = 'x'.repeat(16 * 1024 * 1024)
    const app = new Hono().get('/lent', (c) => {
      const response = respondLentJson(c, lendFromRing(big, log, 32 * 1024 * 1024))
      log.push('answered')
      return response
    })
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const res = await fetch(`http://127.0.0.1:${port}/lent`)
      expect(log).toEqual(['answered'])
      expect(await res.text()).toBe(JSON.stringify(big))
      await expect.poll(() => log).toEqual(['answered', 'released'])
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('releases lent bytes whose client left before they were answered', async () => {
    const log: string[] = []
    let arrived: () => void = () => {}
    const reached = new Promise<void>((resolve) => {
      arrived = resolve
    })
    const app = new Hono<{ Bindings: { outgoing: { destroyed: boolean } } }>().get('/lent', async (c) => {
      arrived()
      await expect.poll(() => c.env.outgoing.destroyed).toBe(true)
      return respondLentJson(c, lendFromRing('late', log))
    })
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const abort = new AbortController()
      const asked = fetch(`http://127.0.0.1:${port}/lent`, { signal: abort.signal }).catch(() => undefined)
      await reached
      abort.abort()
      await asked
      await expect.poll(() => log).toEqual(['released'])
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('answers lent bytes in-process (no socket to wait for) from a copy, released at once', async () => {
    const log: string[] = []
    const app = new Hono().get('/lent', (c) => respondLentJson(c, lendFromRing('€', log)))
    const res = await app.request('/lent')
    expect(log).toEqual(['released'])
    expect(await res.text()).toBe('"€"')
  })
})
