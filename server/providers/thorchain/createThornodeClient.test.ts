import { createServer, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../errors'
import { allocateTestPorts } from '../../testing/allocateTestPorts'
import { createThornodeClient } from './createThornodeClient'

/** A THORNode that froze: it accepts connections and never answers. */
const sockets: Socket[] = []
const frozen = createServer((socket) => sockets.push(socket))
let port = 0

beforeAll(async () => {
  port = await allocateTestPorts(1)
  await new Promise<void>((resolve) => frozen.listen(port, '127.0.0.1', resolve))
})

afterAll(async () => {
  for (const socket of sockets) socket.destroy()
  await new Promise<void>((resolve) => frozen.close(() => resolve()))
})

async function errorOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  )
}

describe('createThornodeClient', () => {
  it('a frozen THORNode: 503 UPSTREAM_UNAVAILABLE once the default timeout passes', async () => {
    const client = createThornodeClient({ baseUrl: `http://127.0.0.1:${port}` })
    const error = await errorOf(client.inboundAddresses())
    expect(error).toBeInstanceOf(AppError)
    expect(error instanceof AppError ? [error.code, error.status, error.message] : []).toEqual([
      'UPSTREAM_UNAVAILABLE',
      503,
      'The liquidity network (THORNode) does not answer',
    ])
  })

  it('a THORNode that refuses connections: 503 UPSTREAM_UNAVAILABLE', async () => {
    const closedPort = await allocateTestPorts(1)
    const client = createThornodeClient({ baseUrl: `http://127.0.0.1:${closedPort}`, timeoutMs: 200 })
    const error = await errorOf(client.pools())
    expect(error instanceof AppError ? error.code : error).toBe('UPSTREAM_UNAVAILABLE')
  })

  // a gateway in front of a frozen THORNode answers 502/504 itself; a half-started one answers garbage
  it.each([
    ['500', () => new Response('internal error', { status: 500 }), 'is unavailable'],
    ['502', () => new Response('<html>Bad Gateway</html>', { status: 502 }), 'is unavailable'],
    ['503', () => new Response('{"message":"not ready"}', { status: 503 }), 'is unavailable'],
    ['504', () => new Response('', { status: 504 }), 'is unavailable'],
    ['200 with HTML', () => new Response('<html>maintenance</html>'), 'answered in an unknown form'],
    ['200 with the wrong shape', () => Response.json({ pools: 'none' }), 'answered in an unknown form'],
  ])('a THORNode answering %s: 503 UPSTREAM_UNAVAILABLE', async (_name, answer, reason) => {
    const client = createThornodeClient({ baseUrl: 'http://thornode.test', fetch: async () => answer() })
    const error = await errorOf(client.inboundAddresses())
    expect(error instanceof AppError ? [error.code, error.status, error.message] : error).toEqual([
      'UPSTREAM_UNAVAILABLE',
      503,
      `The liquidity network (THORNode) ${reason}`,
    ])
  })

  it('after an outage, calls within the hold answer 503 at once; the first after it asks THORNode again', async () => {
    let clockMs = 1_000_000
    let asked = 0
    let refusing = true
    const client = createThornodeClient({
      baseUrl: 'http://thornode.test',
      now: () => clockMs,
      fetch: async () => {
        asked += 1
        if (refusing) throw new TypeError('fetch failed')
        return Response.json([])
      },
    })
    const codeOf = async (call: Promise<unknown>) => {
      const error = await errorOf(call)
      return error instanceof AppError ? error.code : error
    }
    expect([await codeOf(client.inboundAddresses()), asked]).toEqual(['UPSTREAM_UNAVAILABLE', 1])
    clockMs += 2_999
    expect([await codeOf(client.pools()), asked]).toEqual(['UPSTREAM_UNAVAILABLE', 1])
    refusing = false
    expect([await codeOf(client.inboundAddresses()), asked]).toEqual(['UPSTREAM_UNAVAILABLE', 1])
    clockMs += 1
    expect([await client.inboundAddresses(), asked]).toEqual([[], 2])
    refusing = true
    expect([await codeOf(client.pools()), asked]).toEqual(['UPSTREAM_UNAVAILABLE', 3])
  })

  it("the caller's own abort is passed on as it is", async () => {
    const client = createThornodeClient({ baseUrl: `http://127.0.0.1:${port}` })
    const controller = new AbortController()
    const pending = errorOf(client.pools(controller.signal))
    controller.abort(new Error('the request was cancelled'))
    expect(await pending).toEqual(new Error('the request was cancelled'))
  })
})
