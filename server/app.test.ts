import { createRoute, z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { AppError } from './errors'
import { createRouter } from './openapi/createRouter'
import { createTestApp } from './testing/createTestApp'

function createAppWithTestRoutes() {
  const { app, logLines } = createTestApp()
  const testRoutes = createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/test/validated',
        request: {
          query: z.object({ amount: z.string().regex(/^\d+$/), slippage: z.coerce.number().max(1) }),
        },
        responses: {
          200: {
            description: 'ok',
            content: { 'application/json': { schema: z.object({ ok: z.boolean() }) } },
          },
        },
      }),
      (c) => c.json({ ok: true }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/test/body',
        request: {
          body: {
            required: true,
            content: { 'application/json': { schema: z.object({ name: z.string() }) } },
          },
        },
        responses: {
          200: {
            description: 'ok',
            content: { 'application/json': { schema: z.object({ name: z.string() }) } },
          },
        },
      }),
      (c) => c.json({ name: c.req.valid('json').name }, 200),
    )
  testRoutes.get('/api/test/app-error', () => {
    throw new AppError('NO_ROUTE', 'No route between these tokens', { details: { hops: 3 } })
  })
  testRoutes.get('/api/test/crash', () => {
    throw new Error('connection to db:5432 refused (password=hunter2)')
  })
  testRoutes.get('/api/test/zod', () => {
    z.object({ deadline: z.number() }).parse({ deadline: 'soon' })
    return new Response('unreachable')
  })
  app.route('/', testRoutes)
  return { app, logLines }
}

describe('createApp error mapping', () => {
  it('answers an unknown API path with a 404 NOT_FOUND body', async () => {
    const { app } = createTestApp()
    const res = await app.request('/trade/v1/nope', { headers: { 'x-request-id': 'req-404' } })
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await res.json()).toEqual({
      statusCode: 404,
      message: 'No route for GET /trade/v1/nope',
      error: { code: 'NOT_FOUND' },
      requestId: 'req-404',
    })
  })

  it('maps an AppError to its status, code and details', async () => {
    const { app } = createAppWithTestRoutes()
    const res = await app.request('/api/test/app-error', { headers: { 'x-request-id': 'abc' } })
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({
      statusCode: 422,
      message: 'No route between these tokens',
      error: { code: 'NO_ROUTE', details: { hops: 3 } },
      requestId: 'abc',
    })
  })

  it('hides the message of an unexpected error and logs it with the request id', async () => {
    const { app, logLines } = createAppWithTestRoutes()
    const res = await app.request('/api/test/crash', { headers: { 'x-request-id': 'crash-1' } })
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(text).not.toContain('hunter2')
    expect(JSON.parse(text)).toEqual({
      statusCode: 500,
      message: 'Internal server error',
      error: { code: 'INTERNAL' },
      requestId: 'crash-1',
    })
    const logged = logLines.find((line) => line.msg === 'unhandled error')
    expect(logged?.requestId).toBe('crash-1')
    expect(logged?.err).toMatchObject({ message: 'connection to db:5432 refused (password=hunter2)' })
  })

  it('names every invalid query parameter in a 400 INVALID_PARAMS', async () => {
    const { app } = createAppWithTestRoutes()
    const res = await app.request('/api/test/validated?amount=12a&slippage=3')
    expect(res.status).toBe(400)
    const body = (await res.json()) as { message: string; error: { code: string; details: unknown } }
    expect(body.error.code).toBe('INVALID_PARAMS')
    expect(body.message).toBe(
      'Invalid query parameter(s): amount (Invalid string: must match pattern /^\\d+$/); slippage (Too big: expected number to be <=1)',
    )
    expect(body.error.details).toEqual({
      target: 'query',
      issues: [
        { path: 'amount', message: 'Invalid string: must match pattern /^\\d+$/' },
        { path: 'slippage', message: 'Too big: expected number to be <=1' },
      ],
    })
  })

  it('accepts valid input on the same route', async () => {
    const { app } = createAppWithTestRoutes()
    const res = await app.request('/api/test/validated?amount=12&slippage=0.5')
    expect([res.status, await res.json()]).toEqual([200, { ok: true }])
  })

  it('maps a ZodError thrown by a handler to 400 INVALID_PARAMS', async () => {
    const { app } = createAppWithTestRoutes()
    const res = await app.request('/api/test/zod')
    expect(res.status).toBe(400)
    const body = (await res.json()) as { message: string; error: { code: string } }
    expect([body.error.code, body.message]).toEqual([
      'INVALID_PARAMS',
      'Invalid input(s): deadline (Invalid input: expected number, received string)',
    ])
  })

  it('answers a malformed JSON body with 400 INVALID_JSON', async () => {
    const { app } = createAppWithTestRoutes()
    const res = await app.request('/api/test/body', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { message: string; error: { code: string } }
    expect([body.error.code, body.message]).toEqual(['INVALID_JSON', 'Malformed JSON in request body'])
  })

  it('answers a wrong content type with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const { app } = createAppWithTestRoutes()
    const res = await app.request('/api/test/body', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'name=x',
    })
    expect(res.status).toBe(415)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNSUPPORTED_MEDIA_TYPE')
  })
})

describe('createApp middleware', () => {
  it('generates a request id when none (or an unusable one) is sent', async () => {
    const { app } = createTestApp()
    const res = await app.request('/trade/v1/info/chains', {
      headers: { 'x-request-id': 'bad id with spaces' },
    })
    expect(res.headers.get('x-request-id')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
  })

  it('logs one line per request with status and duration', async () => {
    const { app, logLines } = createTestApp()
    await app.request('/trade/v1/info/chains', { headers: { 'x-request-id': 'log-1' } })
    const line = logLines.find((l) => l.msg === 'request')
    expect(line).toMatchObject({
      level: 'info',
      requestId: 'log-1',
      method: 'GET',
      path: '/trade/v1/info/chains',
      status: 200,
    })
    expect(typeof line?.durationMs).toBe('number')
  })

  it('lets any site frame /widget but not the rest of the app', async () => {
    const { app } = createTestApp()
    const widget = await app.request('/widget')
    expect(widget.headers.get('x-frame-options')).toBeNull()
    expect(widget.headers.get('content-security-policy')).toMatch(/; frame-ancestors \*$/)
    const home = await app.request('/')
    expect(home.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(home.headers.get('content-security-policy')).toMatch(/; frame-ancestors 'self'$/)
  })

  it('answers CORS preflights on API paths from any origin', async () => {
    const { app } = createTestApp()
    const res = await app.request('/trade/v1/info/chains', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://integrator.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-api-key',
      },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-allow-headers')).toBe(
      'content-type,authorization,x-api-key,x-request-id',
    )
    const get = await app.request('/trade/v1/info/chains', {
      headers: { origin: 'https://integrator.example' },
    })
    expect(get.headers.get('access-control-allow-origin')).toBe('*')
    expect(get.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
  })

  it('sends no CORS headers on the RPC proxy or the devnet paths', async () => {
    const { app } = createTestApp()
    const res = await app.request('/rpc/1', {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
    })
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('a chain still loading its pools', () => {
  // createTestApp's markets are never started: every chain is where a server is while its first load runs
  const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
  const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
  const loading = {
    statusCode: 503,
    message: 'Chain 1 is still loading its pools (starting); it answers once they are loaded',
    error: {
      code: 'CHAIN_LOADING',
      details: { chainId: 1, pools: { status: 'loading', phase: 'starting' } },
    },
    requestId: 'req-loading',
  }

  it.each([
    `/trade/v1/1/quote/single?fromTokenAddress=${WETH}&toTokenAddress=${USDC}&amount=1000000000000000000`,
    `/trade/v1/1/swap/single?fromTokenAddress=${WETH}&toTokenAddress=${USDC}&amount=1000000000000000000&sender=0x000000000000000000000000000000000000dEaD`,
    `/trade/v1/1/batch_quote/single?requests=${encodeURIComponent(
      JSON.stringify([{ fromTokenAddress: WETH, toTokenAddress: USDC, amount: '1000000000000000000' }]),
    )}`,
  ])('answers 503 CHAIN_LOADING naming the chain and how far: %s', async (path) => {
    const { app } = createTestApp()
    const res = await app.request(path, { headers: { 'x-request-id': 'req-loading' } })
    expect([res.status, await res.json()]).toEqual([503, loading])
  })

  it('still lists its tokens, unpriced', async () => {
    const { app } = createTestApp()
    const res = await app.request(`/trade/v1/info/token/1/${USDC}`)
    const body = (await res.json()) as { symbol: string; priceInUsd: number | null }
    expect([res.status, body.symbol, body.priceInUsd]).toEqual([200, 'USDC', null])
  })
})
