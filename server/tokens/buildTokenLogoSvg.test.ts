import { describe, expect, it } from 'vitest'
import { buildTokenLogoSvg, computeLogoHue, escapeXml } from './buildTokenLogoSvg'

describe('computeLogoHue', () => {
  it.each([
    ['0x0000000000000000000000000000000000000000', 0],
    ['0x0000010000000000000000000000000000000000', 1],
    ['0x0001680000000000000000000000000000000000', 0],
    ['0xFFFFFF0000000000000000000000000000000000', 135],
    ['0xffffff0000000000000000000000000000000000', 135],
    ['0x60921cC29694984e5bA144631377803f57c366A3', 60],
  ] as const)('%s -> %i', (address, hue) => {
    expect(computeLogoHue(address)).toBe(hue)
  })
})

describe('escapeXml', () => {
  it('escapes the five XML special characters and nothing else', () => {
    expect(escapeXml(`a<b>&"c'd é`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;d é')
  })
})

describe('buildTokenLogoSvg', () => {
  const address = '0x60921cC29694984e5bA144631377803f57c366A3'

  it('draws a disc coloured from the address with the first three letters of the symbol', () => {
    expect(buildTokenLogoSvg({ address, symbol: 'PEPE' })).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32" role="img" aria-label="PEPE">' +
        '<circle cx="16" cy="16" r="16" fill="hsl(60, 62%, 42%)"/>' +
        '<text x="16" y="16" dy="0.35em" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="10" font-weight="700" fill="#ffffff">PEP</text>' +
        '</svg>',
    )
  })

  it('escapes markup in the symbol, in the text and in the label', () => {
    const svg = buildTokenLogoSvg({ address, symbol: '<&">' })
    expect(svg).toContain('aria-label="&lt;&amp;&quot;&gt;"')
    expect(svg).toContain('>&lt;&amp;&quot;</text>')
    expect(svg).not.toContain('<&')
  })

  it('sizes the text to the letter count, counts code points, and shows ? for an empty symbol', () => {
    expect(buildTokenLogoSvg({ address, symbol: 'X' })).toContain('font-size="16"')
    expect(buildTokenLogoSvg({ address, symbol: 'OP' })).toContain('font-size="13"')
    expect(buildTokenLogoSvg({ address, symbol: '🦄🦄🦄🦄' })).toContain('>🦄🦄🦄</text>')
    expect(buildTokenLogoSvg({ address, symbol: '  ' })).toContain('aria-label="?"')
    expect(buildTokenLogoSvg({ address, symbol: '' })).toContain(
      'font-size="16" font-weight="700" fill="#ffffff">?</text>',
    )
  })

  it('is deterministic', () => {
    expect(buildTokenLogoSvg({ address, symbol: 'AB' })).toBe(buildTokenLogoSvg({ address, symbol: 'AB' }))
  })
})
