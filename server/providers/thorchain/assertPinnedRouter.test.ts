import { type Address, getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../errors'
import { assertPinnedRouter } from './assertPinnedRouter'

// the shape of THORChain's Ethereum router; any address serves
const PINNED = getAddress('0xd37bbe5744d730a1d98d8dc97c42f0ca46ad7146')
const pins = new Map<number, Address>([[1, PINNED]])

const outcome = (chainId: number, router: string | undefined) => {
  try {
    return assertPinnedRouter(chainId, router, pins)
  } catch (error: unknown) {
    if (!(error instanceof AppError)) throw error
    return [error.status, error.code, error.message, error.details]
  }
}

describe('assertPinnedRouter', () => {
  it.each([
    ['the pinned router, as THORNode writes it (lower case)', 1, PINNED.toLowerCase(), PINNED],
    ['the pinned router, checksummed', 1, PINNED, PINNED],
    [
      'a router one digit off the pinned one',
      1,
      '0xd37bbe5744d730a1d98d8dc97c42f0ca46ad7147',
      [
        502,
        'UPSTREAM_REFUSED',
        `THORNode names router 0xd37bbe5744d730a1d98d8dc97c42f0ca46ad7147 on chain 1, not the pinned ${PINNED}: its answer is refused`,
        { chainId: 1, router: '0xd37bbe5744d730a1d98d8dc97c42f0ca46ad7147', pinned: PINNED },
      ],
    ],
    [
      'something that is not an address',
      1,
      'router',
      [
        502,
        'UPSTREAM_REFUSED',
        `THORNode names router router on chain 1, not the pinned ${PINNED}: its answer is refused`,
        { chainId: 1, router: 'router', pinned: PINNED },
      ],
    ],
    [
      'a router on a chain where none is pinned',
      56,
      PINNED,
      [
        502,
        'UPSTREAM_REFUSED',
        `THORNode names router ${PINNED} on chain 56, where the configuration pins none: no deposit is built through it`,
        { chainId: 56, router: PINNED },
      ],
    ],
    [
      'no router',
      1,
      undefined,
      [503, 'UPSTREAM_UNAVAILABLE', 'The liquidity network has no router on this chain', { chainId: 1 }],
    ],
  ])('%s', (_name, chainId, router, expected) => {
    expect(outcome(chainId, router)).toEqual(expected)
  })
})
