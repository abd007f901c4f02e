import { describe, expect, it } from 'vitest'
import { toConnectAccounts } from './toConnectAccounts'

const a = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const b = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

describe('toConnectAccounts', () => {
  it('answers plain addresses unless capabilities are asked for', () => {
    expect(toConnectAccounts([a, b], undefined)).toEqual([a, b])
    expect(toConnectAccounts([a, b], false)).toEqual([a, b])
  })

  it('answers each address with empty capabilities when asked', () => {
    expect(toConnectAccounts([a, b], true)).toEqual([
      { address: a, capabilities: {} },
      { address: b, capabilities: {} },
    ])
  })
})
