import { describe, expect, it } from 'vitest'
import { ClientError } from '../../lib/ClientError'
import { requireWalletSession } from './requireWalletSession'

describe('requireWalletSession', () => {
  it('throws WRONG_NETWORK while the wallet module is not loaded', () => {
    expect(() => requireWalletSession(undefined)).toThrow(ClientError)
    expect(() => requireWalletSession(undefined)).toThrow('No wallet connected')
  })
})
