import { describe, expect, it } from 'vitest'
import { getExplorerTxUrl } from './getExplorerTxUrl'

const upper = 'AB'.repeat(32)

describe('getExplorerTxUrl', () => {
  it.each([
    [1, `https://etherscan.io/tx/0x${'ab'.repeat(32)}`],
    [42161, `https://arbiscan.io/tx/0x${'ab'.repeat(32)}`],
    [-3980891822, `https://mempool.space/tx/${'ab'.repeat(32)}`],
    [-3143381382, `https://blockchair.com/dogecoin/transaction/${'ab'.repeat(32)}`],
    [-978111860, `https://www.mintscan.io/cosmos/tx/${upper}`],
  ])('chain %d: the id as its explorer writes it', (chainId, url) => {
    expect(getExplorerTxUrl({ chainId, isDevnet: false }, upper)).toBe(url)
    expect(getExplorerTxUrl({ chainId, isDevnet: false }, `0x${upper.toLowerCase()}`)).toBe(url)
  })

  it('none on a devnet chain, an unknown chain or a malformed id', () => {
    expect(getExplorerTxUrl({ chainId: 1, isDevnet: true }, upper)).toBeUndefined()
    expect(getExplorerTxUrl({ chainId: 31337, isDevnet: false }, upper)).toBeUndefined()
    expect(getExplorerTxUrl({ chainId: 1, isDevnet: false }, 'ab'.repeat(31))).toBeUndefined()
    expect(getExplorerTxUrl({ chainId: 1, isDevnet: false }, `${'ab'.repeat(31)}zz`)).toBeUndefined()
  })
})
