import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodeFetch } from './nodeFetch'

describe('nodeFetch', () => {
  let server: http.Server
  let url: string
  const seen: { method?: string; headers: http.IncomingHttpHeaders; body: string }[] = []

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8')
        seen.push({ method: request.method, headers: request.headers, body })
        if (request.url === '/slow') return // never answers
        if (request.url === '/moved') {
          response.writeHead(307, { location: '/rpc' })
          response.end()
          return
        }
        if (request.url === '/missing') {
          response.writeHead(404, 'Not Found', { 'content-type': 'application/json' })
          response.end('{"error":{"code":-5,"message":"no such transaction"}}')
          return
        }
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
        response.end(JSON.stringify({ echo: body, héllo: 'wörld' }))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('posts the body and headers, and answers status, headers and the UTF-8 text as fetch does', async () => {
    const response = await nodeFetch(`${url}/rpc`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Key': 'k' },
      body: '{"id":1}',
    })
    expect(response.ok).toBe(true)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    expect(response.headers.get('X-Absent')).toBeNull()
    expect(await response.json()).toEqual({ echo: '{"id":1}', héllo: 'wörld' })
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: '{"id":1}', headers: { 'x-key': 'k' } })
  })

  it('follows a redirect as fetch does', async () => {
    const response = await nodeFetch(`${url}/moved`, { method: 'POST', body: '{"id":2}' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ echo: '{"id":2}', héllo: 'wörld' })
  })

  it('answers an error status with its body, not a rejection', async () => {
    const response = await nodeFetch(new URL(`${url}/missing`), { method: 'POST', body: '{}' })
    expect(response.ok).toBe(false)
    expect(response.status).toBe(404)
    expect(response.statusText).toBe('Not Found')
    expect(await response.text()).toBe('{"error":{"code":-5,"message":"no such transaction"}}')
  })

  it("rejects with the signal's reason when aborted, before or during the request", async () => {
    const timeout = AbortSignal.timeout(50)
    await expect(
      nodeFetch(`${url}/slow`, { method: 'POST', body: '{}', signal: timeout }),
    ).rejects.toMatchObject({
      name: 'TimeoutError',
    })
    const controller = new AbortController()
    controller.abort(new Error('gone'))
    await expect(nodeFetch(`${url}/rpc`, { signal: controller.signal })).rejects.toThrow('gone')
  })

  it('rejects an unparsable URL as fetch does, never throwing', async () => {
    const pending = nodeFetch('not a url', { method: 'POST', body: '{}' })
    await expect(pending).rejects.toBeInstanceOf(TypeError)
  })

  it('rejects with a TypeError when nothing listens', async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    await expect(
      nodeFetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}' }),
    ).rejects.toBeInstanceOf(TypeError)
  })
})
