import { describe, expect, it } from 'vitest'
import type { DepositWallet } from './DepositWallet'
import { lazyDepositWallet } from './lazyDepositWallet'

const fake: DepositWallet = {
  supports: async (chainId) => chainId === 7,
  getAddress: async (chainId) => `addr-${chainId}`,
  getBalance: async () => 5n,
  fund: async () => 3n,
  payDeposit: async (_chainId, deposit) => `tx-${deposit.memo}`,
}

describe('lazyDepositWallet', () => {
  it('loads nothing until called, then once, and forwards every call', async () => {
    let loads = 0
    const wallet = lazyDepositWallet(async () => {
      loads += 1
      return fake
    })
    expect(loads).toBe(0)
    expect(await wallet.supports(7)).toBe(true)
    expect(await wallet.getAddress(7)).toBe('addr-7')
    expect(await wallet.getBalance(7)).toBe(5n)
    expect(await wallet.fund(7)).toBe(3n)
    expect(await wallet.payDeposit(7, { address: 'a', amount: 1n, memo: 'm' })).toBe('tx-m')
    expect(loads).toBe(1)
  })

  it('tries the load again after a failure', async () => {
    let loads = 0
    const wallet = lazyDepositWallet(async () => {
      loads += 1
      if (loads === 1) throw new Error('offline')
      return fake
    })
    await expect(wallet.getBalance(7)).rejects.toThrow('offline')
    expect(await wallet.getBalance(7)).toBe(5n)
    expect(loads).toBe(2)
  })
})
