import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createDevnetRoutes, type DevnetHandle } from '../../devnet/routes/createDevnetRoutes'
import { createTestApp } from '../testing/createTestApp'
import { getSwaggerUiDir } from './docs'

describe('GET /docs', () => {
  it('serves an HTML page whose scripts and styles are all local', async () => {
    const { app } = createTestApp()
    const res = await app.request('/docs')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8')
    const html = await res.text()
    const refs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1])
    expect(refs).toEqual([
      '/docs/assets/swagger-ui.css',
      '/docs/assets/favicon-32x32.png',
      '/docs/assets/swagger-ui-bundle.js',
      '/docs/assets/init.js',
    ])
    for (const ref of refs) {
      const asset = await app.request(ref ?? '')
      expect([ref, asset.status]).toEqual([ref, 200])
    }
  })

  it('serves swagger-ui-dist files byte for byte with their type', async () => {
    const { app } = createTestApp()
    const res = await app.request('/docs/assets/swagger-ui-bundle.js')
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    const expected = await readFile(path.join(getSwaggerUiDir(), 'swagger-ui-bundle.js'))
    expect(Buffer.from(await res.arrayBuffer()).equals(expected)).toBe(true)
  })

  it('points Swagger UI at the local OpenAPI document and no online validator', async () => {
    const { app } = createTestApp()
    const script = await (await app.request('/docs/assets/init.js')).text()
    expect(script).toContain("url: '/openapi.json'")
    expect(script).toContain('validatorUrl: null')
  })

  it('does not serve arbitrary files from the package', async () => {
    const { app } = createTestApp()
    expect((await app.request('/docs/assets/package.json')).status).toBe(404)
    expect((await app.request('/docs/assets/..%2F..%2Fpackage.json')).status).toBe(404)
  })
})

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document describing the routes', async () => {
    const { app } = createTestApp()
    const res = await app.request('/openapi.json')
    expect(res.status).toBe(200)
    const doc = (await res.json()) as {
      openapi: string
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>
      components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> }
    }
    expect(doc.openapi).toBe('3.1.0')
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/config',
        '/api/register-error',
        '/health',
        '/rpc/{chainId}',
        '/trade/v1/info/chains',
        '/trade/v1/info/sources',
        '/trade/v1/info/trade/{chainId}/{txHash}',
        '/trade/v1/info/trades',
        '/trade/v1/{chainId}/batch_quote/single',
        '/trade/v1/{chainId}/quote/single',
        '/trade/v1/{chainId}/swap/single',
        '/v1/info/token/popular',
      ]),
    )
    expect(doc.paths['/trade/v1/info/sources']?.get?.parameters).toMatchObject([
      { name: 'chainId', in: 'query' },
    ])
    expect(doc.paths['/rpc/{chainId}']?.post?.parameters).toMatchObject([{ name: 'chainId', in: 'path' }])
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['Chain', 'Source', 'Token', 'Error', 'Health', 'JsonRpcRequest']),
    )
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['ApiKey', 'Bearer'])
  })

  it("includes a network profile's routes: the devnet's", async () => {
    const devnet: DevnetHandle = {
      manifest: { version: 'v', chains: [], devAccounts: [] },
      fund: async ({ address }) => ({ address, chains: [] }),
      stop: async () => {},
    }
    const { app } = createTestApp({ isDevnet: true, routes: [createDevnetRoutes({ devnet })] })
    const doc = (await (await app.request('/openapi.json')).json()) as { paths: Record<string, unknown> }
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/devnet/manifest', '/devnet/faucet']))
  })
})
