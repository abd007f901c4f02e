import { describe, expect, it } from 'vitest'
import { tokenListSchema } from './tokenListSchema'

const usdc = {
  chainId: 1,
  address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  name: 'USD Coin',
  symbol: 'USDC',
  decimals: 6,
  logoURI: 'ipfs://QmXfzKRvjZz3u5JRgC4v5mGVbm9ahrUiB4DgzHBsnWbTMM',
  tags: ['stablecoin'],
}
const list = {
  name: 'Test List',
  timestamp: '2024-05-01T12:00:00.000Z',
  version: { major: 1, minor: 2, patch: 3 },
  keywords: ['test', 'stable coins'],
  tags: { stablecoin: { name: 'Stablecoin', description: 'A token with value pegged to another asset' } },
  logoURI: 'https://example.org/list.png',
  tokens: [usdc],
}

/** The problems of `list` with `change` applied (a key set to undefined is removed), `[]` when valid. */
const problemsOf = (change: Record<string, unknown>, token: Record<string, unknown> = {}) => {
  const candidate = JSON.parse(JSON.stringify({ ...list, ...change, tokens: [{ ...usdc, ...token }] }))
  const result = tokenListSchema.safeParse(candidate)
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
}

const many = (count: number, make: (i: number) => string) => Array.from({ length: count }, (_, i) => make(i))

describe('tokenListSchema: the published schema rules', () => {
  it('accepts a full list as published, and a minimal one', () => {
    expect(tokenListSchema.parse(list)).toEqual(list)
    expect(
      problemsOf(
        { keywords: undefined, tags: undefined, logoURI: undefined },
        { logoURI: undefined, tags: undefined },
      ),
    ).toEqual([])
  })

  it.each<[string, Record<string, unknown>, string[]]>([
    ['name of 20 characters', { name: 'A'.repeat(20) }, []],
    [
      'name of 21 characters',
      { name: 'A'.repeat(21) },
      ['name: Too big: expected string to have <=20 characters'],
    ],
    [
      'name empty',
      { name: '' },
      [
        'name: Too small: expected string to have >=1 characters',
        'name: expected letters, digits, _ or spaces',
      ],
    ],
    ['name with a dash', { name: 'My-List' }, ['name: expected letters, digits, _ or spaces']],
    ['timestamp with an offset', { timestamp: '2024-05-01T12:00:00+02:00' }, []],
    ['timestamp without a zone', { timestamp: '2024-05-01T12:00:00' }, ['timestamp: Invalid ISO datetime']],
    ['version patch 0', { version: { major: 0, minor: 0, patch: 0 } }, []],
    [
      'version patch -1',
      { version: { major: 1, minor: 0, patch: -1 } },
      ['version.patch: Too small: expected number to be >=0'],
    ],
    [
      'version with a label',
      { version: { major: 1, minor: 0, patch: 0, label: 'beta' } },
      ['version: Unrecognized key: "label"'],
    ],
    ['an unknown property', { extra: 1 }, [': Unrecognized key: "extra"']],
    ['20 keywords', { keywords: many(20, (i) => `k${i}`) }, []],
    [
      '21 keywords',
      { keywords: many(21, (i) => `k${i}`) },
      ['keywords: Too big: expected array to have <=20 items'],
    ],
    ['a repeated keyword', { keywords: ['a', 'a'] }, ['keywords: expected unique keywords']],
    [
      '20 tags',
      { tags: Object.fromEntries(many(20, (i) => `t${i}`).map((t) => [t, { name: t, description: t }])) },
      [],
    ],
    [
      '21 tags',
      { tags: Object.fromEntries(many(21, (i) => `t${i}`).map((t) => [t, { name: t, description: t }])) },
      ['tags: expected at most 20 tags'],
    ],
    [
      'a tag identifier of 11 characters',
      { tags: { abcdefghijk: { name: 'x', description: 'x' } } },
      ['tags.abcdefghijk: Invalid key in record'],
    ],
    [
      'a tag description with a dash',
      { tags: { a: { name: 'x', description: 'x-y' } } },
      ['tags.a.description: expected letters, digits, spaces or .,:'],
    ],
    ['logoURI not a URI', { logoURI: 'logo.png' }, ['logoURI: Invalid URL']],
  ])('list: %s', (_name, change, expected) => {
    expect(problemsOf(change)).toEqual(expected)
  })

  it('takes 1 to 10,000 tokens', () => {
    const sizes = [0, 1, 10_000, 10_001].map((count) => {
      const tokens = many(count, (i) => `0x${i.toString(16).padStart(40, '0')}`).map((address) => ({
        ...usdc,
        address,
      }))
      return tokenListSchema.safeParse({ ...list, tokens }).error?.issues.map((i) => i.message) ?? []
    })
    expect(sizes).toEqual([
      ['Too small: expected array to have >=1 items'],
      [],
      [],
      ['Too big: expected array to have <=10000 items'],
    ])
  })

  it.each<[string, Record<string, unknown>, string[]]>([
    ['address in lower case', { address: usdc.address.toLowerCase() }, []],
    [
      'address with a wrong checksum',
      { address: '0xa0B86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
      ['tokens.0.address: expected a valid EIP-55 checksum'],
    ],
    [
      'address of 19 bytes',
      { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB' },
      [
        'tokens.0.address: expected a 0x-prefixed 20-byte hex address',
        'tokens.0.address: expected a valid EIP-55 checksum',
      ],
    ],
    ['chainId 0', { chainId: 0 }, ['tokens.0.chainId: Too small: expected number to be >=1']],
    ['decimals 0', { decimals: 0 }, []],
    ['decimals 255', { decimals: 255 }, []],
    ['decimals 256', { decimals: 256 }, ['tokens.0.decimals: Too big: expected number to be <=255']],
    ['decimals -1', { decimals: -1 }, ['tokens.0.decimals: Too small: expected number to be >=0']],
    ['decimals 6.5', { decimals: 6.5 }, ['tokens.0.decimals: Invalid input: expected int, received number']],
    ['symbol of 20 characters', { symbol: 'S'.repeat(20) }, []],
    [
      'symbol of 21 characters',
      { symbol: 'S'.repeat(21) },
      ['tokens.0.symbol: Too big: expected string to have <=20 characters'],
    ],
    ['symbol with a space', { symbol: 'US DC' }, ['tokens.0.symbol: expected letters, digits or +-%/$.']],
    ['symbol with $ and .', { symbol: 'USDC.e$' }, []],
    ['name of 40 characters', { name: 'N'.repeat(40) }, []],
    [
      'name of 41 characters',
      { name: 'N'.repeat(41) },
      ['tokens.0.name: Too big: expected string to have <=40 characters'],
    ],
    ['name with accents and an apostrophe', { name: "Café d'Or 50%" }, []],
    [
      'name with an emoji',
      { name: 'Moon 🚀' },
      ["tokens.0.name: expected letters, digits, spaces or .'+-%/:"],
    ],
    ['10 tags', { tags: many(10, (i) => `t${i}`) }, []],
    [
      '11 tags',
      { tags: many(11, (i) => `t${i}`) },
      ['tokens.0.tags: Too big: expected array to have <=10 items'],
    ],
    ['an unknown property', { color: '#fff' }, ['tokens.0: Unrecognized key: "color"']],
    ['extensions two objects deep', { extensions: { a: { b: { c: 1 } } } }, []],
    [
      'extensions three objects deep',
      { extensions: { a: { b: { c: { d: 1 } } } } },
      ['tokens.0.extensions.a: Invalid input'],
    ],
    [
      'an extension string of 43 characters',
      { extensions: { a: 'x'.repeat(43) } },
      ['tokens.0.extensions.a: Too big: expected string to have <=42 characters'],
    ],
    [
      '11 extensions',
      { extensions: Object.fromEntries(many(11, (i) => `e${i}`).map((k) => [k, 1])) },
      ['tokens.0.extensions: expected at most 10 properties'],
    ],
  ])('token: %s', (_name, token, expected) => {
    expect(problemsOf({}, token)).toEqual(expected)
  })
})
