import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadTokenLists } from './loadTokenLists'
import { NetworkConfigError } from './NetworkConfigError'

const list = {
  name: 'Test',
  timestamp: '2024-05-01T00:00:00Z',
  version: { major: 1, minor: 0, patch: 0 },
  tokens: [
    {
      chainId: 1,
      address: '0x6B175474E89094C44Da98b954EedeAC495271d0F',
      name: 'Dai Stablecoin',
      symbol: 'DAI',
      decimals: 18,
    },
  ],
}

let dir = ''
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'token-lists-'))
  await writeFile(path.join(dir, 'good.json'), JSON.stringify(list))
  await writeFile(path.join(dir, 'second.json'), JSON.stringify({ ...list, name: 'Second' }))
  await writeFile(
    path.join(dir, 'bad.json'),
    JSON.stringify({ ...list, tokens: [{ ...list.tokens[0], decimals: 256 }] }),
  )
  await writeFile(path.join(dir, 'garbage.json'), '{ not json')
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** The lists' names and sources, or the NetworkConfigError's message. */
const outcome = async (json: unknown) => {
  try {
    return (await loadTokenLists(json, dir)).map(({ source, list }) => [source, list.name])
  } catch (error: unknown) {
    if (!(error instanceof NetworkConfigError)) throw error
    return error.message
  }
}

describe('loadTokenLists', () => {
  it.each<[string, unknown, unknown]>([
    ['a bare array of chains', [], []],
    ['an object without tokenLists', { chains: [] }, []],
    [
      'two lists, in order, relative to the config',
      { tokenLists: ['second.json', path.join('.', 'good.json')] },
      [
        ['second.json', 'Second'],
        ['good.json', 'Test'],
      ],
    ],
    ['an empty tokenLists', { tokenLists: [] }, []],
    [
      'a list breaking the schema, named with the problem',
      { tokenLists: ['good.json', 'bad.json'] },
      'Invalid token list bad.json:\n  tokens.0.decimals: Too big: expected number to be <=255',
    ],
    [
      'a URL',
      { tokenLists: ['https://tokens.example.org/list.json'] },
      'Invalid network config:\n  tokenLists.0: expected a file path (lists are read from files)',
    ],
    [
      'not an array',
      { tokenLists: 'good.json' },
      'Invalid network config:\n  tokenLists: Invalid input: expected array, received string',
    ],
  ])('%s', async (_name, json, expected) => {
    expect(await outcome(json)).toEqual(expected)
  })

  it('names a missing or unparsable file with its path', async () => {
    expect(await outcome({ tokenLists: ['missing.json'] })).toBe(
      `Cannot read token list missing.json as JSON (${path.join(dir, 'missing.json')})`,
    )
    expect(await outcome({ tokenLists: ['garbage.json'] })).toBe(
      `Cannot read token list garbage.json as JSON (${path.join(dir, 'garbage.json')})`,
    )
  })

  it('reads an absolute path as it is', async () => {
    const absolute = path.join(dir, 'good.json')
    expect(await loadTokenLists({ tokenLists: [absolute] }, '/nowhere')).toEqual([{ source: absolute, list }])
  })
})
