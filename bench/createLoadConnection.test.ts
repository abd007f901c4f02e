import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createLoadConnection } from './createLoadConnection'

let server: Server | undefined

afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
  server = undefined
})

/** A server answering by path; counts the connections it accepted. */
async function serve(answer: Parameters<typeof createServer>[1]) {
  const s = createServer(answer)
  const stats = { connections: 0 }
  s.on('connection', () => stats.connections++)
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))
  server = s
  return { baseUrl: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, stats }
}

describe('createLoadConnection', () => {
  it('asks one GET after another over one kept-alive connection, reading each body by its length', async () => {
    const { baseUrl, stats } = await serve((req, res) => {
      const body = req.url === '/big' ? 'x'.repeat(200_000) : `you asked ${req.url}`
      res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-length': Buffer.byteLength(body) })
      res.end(body)
    })
    const c = createLoadConnection(baseUrl)
    const a = await c.get('/a?b=1')
    expect(a.status).toBe(200)
    expect(a.body.toString()).toBe('you asked /a?b=1')
    const big = await c.get('/big')
    expect(big.body.length).toBe(200_000)
    const missing = await c.get('/missing')
    expect(missing.status).toBe(404)
    expect(missing.body.toString()).toBe('you asked /missing')
    expect(stats.connections).toBe(1)
    c.close()
  })

  it('rejects an answer without Content-Length, and connects again for the next request', async () => {
    const { baseUrl, stats } = await serve((req, res) => {
      if (req.url === '/chunked') {
        res.write('part')
        res.end()
        return
      }
      res.writeHead(200, { 'content-length': 2 })
      res.end('ok')
    })
    const c = createLoadConnection(baseUrl)
    await expect(c.get('/chunked')).rejects.toThrow(
      'answer without a status or Content-Length: HTTP/1.1 200 OK',
    )
    expect((await c.get('/after')).body.toString()).toBe('ok')
    expect(stats.connections).toBe(2)
    c.close()
  })

  it('rejects when the server closes before the answer is whole, and after a Connection: close goes on', async () => {
    const { baseUrl, stats } = await serve((req, res) => {
      if (req.url === '/cut') {
        res.writeHead(200, { 'content-length': 10 })
        res.write('abc')
        res.socket?.destroy()
        return
      }
      res.writeHead(200, { 'content-length': 2, connection: 'close' })
      res.end('ok')
    })
    const c = createLoadConnection(baseUrl)
    await expect(c.get('/cut')).rejects.toThrow('connection closed before the answer was whole')
    expect((await c.get('/closing')).body.toString()).toBe('ok')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect((await c.get('/closing')).body.toString()).toBe('ok')
    expect(stats.connections).toBe(3)
    c.close()
  })

  it('refuses a second request while one is open, and an https address', async () => {
    const { baseUrl } = await serve((_req, res) => {
      setTimeout(() => res.writeHead(200, { 'content-length': 0 }).end(), 20)
    })
    const c = createLoadConnection(baseUrl)
    const first = c.get('/slow')
    await expect(c.get('/second')).rejects.toThrow('one request at a time')
    expect((await first).status).toBe(200)
    c.close()
    expect(() => createLoadConnection('https://127.0.0.1:1')).toThrow('is not http')
  })
})
