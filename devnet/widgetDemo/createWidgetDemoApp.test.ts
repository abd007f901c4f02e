import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createWidgetDemoApp } from './createWidgetDemoApp'

describe('createWidgetDemoApp', () => {
  let distDir: string
  beforeEach(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'widget-demo-'))
  })
  afterEach(async () => {
    vi.unstubAllGlobals()
    await rm(distDir, { recursive: true, force: true })
  })

  const create = () => createWidgetDemoApp({ distDir, widgetPort: 8787, apiOrigin: 'http://127.0.0.1:8787' })

  it('serves the demo page, allowed to frame and load scripts only from the widget port', async () => {
    await writeFile(path.join(distDir, 'widget-demo.html'), '<!doctype html><title>demo</title>')
    const res = await create().request('/')
    expect(res.status).toBe(200)
    // headers before the body: once @hono/node-server has served in this process (its lighter Response is then
    // the global one), reading the body first loses the headers middleware set after the handler
    const policy = res.headers.get('content-security-policy') ?? ''
    expect(policy).toContain('frame-src http://*:8787')
    expect(policy).toContain("script-src 'self' http://*:8787")
    expect(await res.text()).toBe('<!doctype html><title>demo</title>')
  })

  it('answers 503 before the web app is built', async () => {
    const res = await create().request('/')
    expect(res.status).toBe(503)
    expect(await res.text()).toBe('The web app has not been built yet (npm run build:web).')
  })

  it("tells the page the widget's port", async () => {
    expect(await (await create().request('/demo-config.json')).json()).toEqual({ widgetPort: 8787 })
  })

  it('forwards the RPC, devnet and chain-list paths to the API, and nothing else', async () => {
    const fetchMock = vi.fn(async () => Response.json({ jsonrpc: '2.0', id: 1, result: '0x1' }))
    vi.stubGlobal('fetch', fetchMock)
    const app = create()
    const res = await app.request('/rpc/1?x=1', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
    })
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x1' })
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [url, init] = fetchMock.mock.calls[0] as unknown as [URL, RequestInit]
    expect(url.toString()).toBe('http://127.0.0.1:8787/rpc/1?x=1')
    expect(init.method).toBe('POST')
    expect(new TextDecoder().decode(init.body as ArrayBuffer)).toBe(
      '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
    )

    const quote = await app.request('/trade/v1/1/quote/single?amount=1')
    expect(quote.status).toBe(404)
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })
})
