import { secp256k1 } from '@noble/curves/secp256k1'
import { ripemd160 } from '@noble/hashes/legacy'
import { sha256 } from '@noble/hashes/sha2'
import { bech32 } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { getCosmosWalletSigner } from './getCosmosWalletSigner'

describe('getCosmosWalletSigner', () => {
  it('derives the cosmos1 address of the key: bech32 of ripemd160(sha256(compressed public key))', async () => {
    const privateKey = sha256(new TextEncoder().encode('browser cosmos wallet'))
    const hash = ripemd160(sha256(secp256k1.getPublicKey(privateKey, true)))
    const { address, signer } = await getCosmosWalletSigner(privateKey, 'cosmos')
    expect(address).toBe(bech32.encode('cosmos', bech32.toWords(hash)))
    expect(address).toMatch(/^cosmos1[02-9ac-hj-np-z]{38}$/)
    expect((await signer.getAccounts()).map((a) => a.address)).toEqual([address])
  })
})
