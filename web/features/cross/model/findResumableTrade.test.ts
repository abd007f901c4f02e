import { describe, expect, it } from 'vitest'
import { findResumableTrade } from './findResumableTrade'

const record = (hash: string, change: object = {}) => ({
  hash,
  kind: 'cross',
  status: 'pending',
  chainId: 1,
  toChainId: 42161,
  ...change,
})
const pair = { chainId: 1, toChainId: 42161, resumed: undefined, dismissed: undefined }

describe('findResumableTrade', () => {
  it('finds the first pending cross-chain trade of the pair', () => {
    const records = [
      record('0xa', { kind: 'swap' }),
      record('0xb', { status: 'success' }),
      record('0xc', { toChainId: 10 }),
      record('0xd', { chainId: 10 }),
      record('0xe'),
    ]
    expect(findResumableTrade({ ...pair, records })?.hash).toBe('0xe')
  })

  it('skips the dismissed one', () => {
    expect(findResumableTrade({ ...pair, dismissed: '0xe', records: [record('0xe')] })).toBeUndefined()
  })

  it('keeps following the resumed one once settled', () => {
    const records = [record('0xe'), record('0xf', { status: 'failed' })]
    expect(findResumableTrade({ ...pair, resumed: '0xf', records })?.hash).toBe('0xf')
    expect(findResumableTrade({ ...pair, resumed: '0x0', records })?.hash).toBe('0xe')
  })
})
