import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildTokenLogoSvg } from './buildTokenLogoSvg'
import { createTokenLogoLoader } from './createTokenLogoLoader'

const publicDir = mkdtempSync(path.join(tmpdir(), 'token-logos-'))
mkdirSync(path.join(publicDir, 'tokens'))
writeFileSync(path.join(publicDir, 'tokens', 'ABC.svg'), '<svg id="abc"/>')
writeFileSync(path.join(publicDir, 'secret.svg'), '<svg id="secret"/>')
afterAll(() => rmSync(publicDir, { recursive: true, force: true }))

const address = '0x60921cC29694984e5bA144631377803f57c366A3'
const text = (body: Uint8Array) => new TextDecoder().decode(body)

describe('createTokenLogoLoader', () => {
  it('serves the file named after the symbol, then after the upper-cased symbol', async () => {
    const load = createTokenLogoLoader({ publicDir })
    const exact = await load({ chainId: 1, address, symbol: 'ABC' })
    expect(exact.source).toBe('file')
    expect(text(exact.body)).toBe('<svg id="abc"/>')
    expect(exact.contentType).toBe('image/svg+xml')
    expect(exact.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/)
    const lower = await load({ chainId: 10, address, symbol: 'abc' })
    expect(text(lower.body)).toBe('<svg id="abc"/>')
    expect(lower.etag).toBe(exact.etag)
  })

  it('generates a logo when no file exists and never reads outside tokens/', async () => {
    const load = createTokenLogoLoader({ publicDir })
    const generated = await load({ chainId: 1, address, symbol: 'XYZ' })
    expect(generated.source).toBe('generated')
    expect(text(generated.body)).toBe(buildTokenLogoSvg({ address, symbol: 'XYZ' }))
    const traversal = await load({ chainId: 2, address, symbol: '../secret' })
    expect(traversal.source).toBe('generated')
    expect(text(traversal.body)).not.toContain('id="secret"')
    expect(generated.etag).not.toBe(traversal.etag)
  })

  it('keeps one result per chain and address', async () => {
    const load = createTokenLogoLoader({ publicDir })
    const first = await load({ chainId: 1, address, symbol: 'XYZ' })
    writeFileSync(path.join(publicDir, 'tokens', 'XYZ.svg'), '<svg id="late"/>')
    expect(await load({ chainId: 1, address: address.toLowerCase() as `0x${string}`, symbol: 'XYZ' })).toBe(
      first,
    )
    expect((await load({ chainId: 56, address, symbol: 'XYZ' })).source).toBe('file')
  })
})
