import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../appEnv'
import { apiCors } from './apiCors'

function appWith(middleware: ReturnType<typeof apiCors>) {
  const app = new Hono<AppEnv>()
  let returned: Response | undefined
  app.use(middleware)
  app.onError((_error, c) => c.json({ error: { code: 'INVALID_PARAMS' } }, 400))
  app.get('/quote', (c) => {
    returned = c.json({ amount: '1' })
    return returned
  })
  app.get('/fails', () => {
    throw new Error('bad input')
  })
  return { app, returned: () => returned }
}

describe('apiCors', () => {
  it('answers a request from any origin with the allowed origin and the exposed headers', async () => {
    const { app } = appWith(apiCors())
    const res = await app.request('/quote', { headers: { origin: 'https://integrator.example' } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ amount: '1' })
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-expose-headers')).toBe('x-request-id,retry-after')
    expect(res.headers.get('vary')).toBeNull()
  })

  it('keeps the headers on an error answer', async () => {
    const { app } = appWith(apiCors())
    const res = await app.request('/fails', { headers: { origin: 'https://integrator.example' } })
    expect(res.status).toBe(400)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-expose-headers')).toBe('x-request-id,retry-after')
  })

  it('answers a preflight with the methods, headers and max age', async () => {
    const { app } = appWith(apiCors())
    const res = await app.request('/quote', {
      method: 'OPTIONS',
      headers: { origin: 'https://integrator.example', 'access-control-request-method': 'GET' },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-allow-methods')).toBe('GET,POST,OPTIONS')
    expect(res.headers.get('access-control-allow-headers')).toBe(
      'content-type,authorization,x-api-key,x-request-id',
    )
    expect(res.headers.get('access-control-max-age')).toBe('600')
  })

  it("answers with the handler's own response, where Hono's cors re-creates it around a stream", async () => {
    const ours = appWith(apiCors())
    expect(await ours.app.request('/quote')).toBe(ours.returned())
    const hono = appWith(cors({ origin: '*' }))
    expect(await hono.app.request('/quote')).not.toBe(hono.returned())
  })
})
