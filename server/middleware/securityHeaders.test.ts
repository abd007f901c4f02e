import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { createTestApp } from '../testing/createTestApp'

const appPolicy = (connect: string, frame: string, ancestors: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    `frame-src ${frame}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${ancestors}`,
  ].join('; ')

async function policyOf(path: string, env: Record<string, string> = {}) {
  const { app } = createTestApp({ config: loadConfig(env) })
  const res = await app.request(path)
  return {
    policy: res.headers.get('content-security-policy'),
    frameOptions: res.headers.get('x-frame-options'),
  }
}

describe('securityHeaders', () => {
  it('gives the app a policy of its own origin only, without WalletConnect', async () => {
    expect(await policyOf('/')).toEqual({
      policy: appPolicy("'self'", "'self'", "'self'"),
      frameOptions: 'SAMEORIGIN',
    })
    expect((await policyOf('/history')).policy).toBe(appPolicy("'self'", "'self'", "'self'"))
  })

  it('lets the widget be framed anywhere under the same policy', async () => {
    expect(await policyOf('/widget')).toEqual({
      policy: appPolicy("'self'", "'self'", '*'),
      frameOptions: null,
    })
  })

  it('restricts who frames the widget to WIDGET_FRAME_ANCESTORS when set', async () => {
    expect(
      await policyOf('/widget', { WIDGET_FRAME_ANCESTORS: 'https://a.example, http://127.0.0.1:24490' }),
    ).toEqual({
      policy: appPolicy("'self'", "'self'", 'https://a.example http://127.0.0.1:24490'),
      frameOptions: null,
    })
  })

  it('lets any origin load the embed script, as a script or a module', async () => {
    const { app } = createTestApp({ config: loadConfig({}) })
    for (const path of ['/widget.js', '/widget.mjs']) {
      const res = await app.request(path)
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
      expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    }
    expect((await app.request('/')).headers.get('cross-origin-resource-policy')).toBe('same-origin')
  })

  it("adds WalletConnect's relay and verifier only when WALLETCONNECT_PROJECT_ID is set", async () => {
    const { policy } = await policyOf('/', { WALLETCONNECT_PROJECT_ID: 'abc' })
    const directives = new Map(
      (policy ?? '').split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const),
    )
    expect(directives.get('connect-src')).toEqual(
      expect.arrayContaining(["'self'", 'wss://relay.walletconnect.org', 'https://rpc.walletconnect.org']),
    )
    expect(directives.get('frame-src')).toEqual([
      "'self'",
      'https://verify.walletconnect.com',
      'https://verify.walletconnect.org',
      'https://secure.walletconnect.com',
      'https://secure.walletconnect.org',
    ])
    expect(directives.get('script-src')).toEqual(["'self'"])
  })

  it('gives /docs a Swagger UI policy without eval or inline scripts', async () => {
    const expected = [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'self'",
    ].join('; ')
    expect((await policyOf('/docs')).policy).toBe(expected)
    expect((await policyOf('/docs/assets/swagger-ui-bundle.js')).policy).toBe(expected)
  })

  it("gives API answers default-src 'none'", async () => {
    expect((await policyOf('/trade/v1/info/chains')).policy).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    )
  })
})
