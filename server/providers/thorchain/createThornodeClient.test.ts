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

  it("the caller's own abort is passed on as it is", async () => {
    const client = createThornodeClient({ baseUrl: `http://127.0.0.1:${port}` })
    const controller = new AbortController()
    const pending = errorOf(client.pools(controller.signal))
    controller.abort(new Error('the request was cancelled'))
    expect(await pending).toEqual(new Error('the request was cancelled'))
  })
})
