import { describe, expect, it } from 'vitest'
import { getDevnetDepositWallet } from './getDevnetDepositWallet'

describe('getDevnetDepositWallet', () => {
  it('has one wallet per family for UTXO and Cosmos chains, none for EVM chains (their own wallet)', () => {
    const utxo = getDevnetDepositWallet('utxo')
    expect(utxo).toBeDefined()
    expect(getDevnetDepositWallet('utxo')).toBe(utxo)
    const cosmos = getDevnetDepositWallet('cosmos')
    expect(cosmos).toBeDefined()
    expect(cosmos).not.toBe(utxo)
    expect(getDevnetDepositWallet('cosmos')).toBe(cosmos)
    expect(getDevnetDepositWallet('evm')).toBeUndefined()
  })
})
