import { describe, expect, it } from 'vitest'
import { recordOurAddresses } from './recordOurAddresses'

describe('recordOurAddresses', () => {
  it('writes our addresses where the server reads them and leaves the rest, and the input, as they were', () => {
    const chain = {
      chainId: 1,
      startBlock: 5,
      tokens: [{ symbol: 'X' }],
      stargate: { pools: [{ pool: '0xp' }] },
    }
    const out = recordOurAddresses(chain, {
      aggregator: '0x000000000000000000000000000000000000000A',
      stargateEntry: '0x000000000000000000000000000000000000000B',
      acrossEntry: '0x000000000000000000000000000000000000000C',
      startBlock: undefined,
    })
    expect(out).toEqual({
      chainId: 1,
      startBlock: 5,
      tokens: [{ symbol: 'X' }],
      aggregator: '0x000000000000000000000000000000000000000A',
      // no `across` section: its entry is not written
      stargate: { pools: [{ pool: '0xp' }], entry: '0x000000000000000000000000000000000000000B' },
    })
    expect(chain.stargate).toEqual({ pools: [{ pool: '0xp' }] })
  })
})
