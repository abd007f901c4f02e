import { describe, expect, it } from 'vitest'
import { getDevnetDepositWallet } from './getDevnetDepositWallet'

describe('getDevnetDepositWallet', () => {
  it('has one wallet for UTXO chains, none yet for Cosmos, none for EVM chains (their own wallet)', () => {
    const utxo = getDevnetDepositWallet('utxo')
    expect(utxo).toBeDefined()
    expect(getDevnetDepositWallet('utxo')).toBe(utxo)
    expect(getDevnetDepositWallet('cosmos')).toBeUndefined()
    expect(getDevnetDepositWallet('evm')).toBeUndefined()
  })
})
