import { makeSignBytes, makeSignDoc } from '@cosmjs/proto-signing'
import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'

/**
 * Whether `signature` (64 bytes, compact, low S) is `pubKey`'s secp256k1 signature of the SIGN_MODE_DIRECT
 * SignDoc of a transaction's body and auth info bytes for `chainId` and `accountNumber`: what the Cosmos SDK's
 * ante handler verifies. Pure.
 */
export function verifyDirectSignature(params: {
  bodyBytes: Uint8Array
  authInfoBytes: Uint8Array
  chainId: string
  accountNumber: bigint
  signature: Uint8Array
  pubKey: Uint8Array
}): boolean {
  const signBytes = makeSignBytes(
    makeSignDoc(params.bodyBytes, params.authInfoBytes, params.chainId, Number(params.accountNumber)),
  )
  try {
    return (
      params.signature.length === 64 &&
      secp256k1.verify(secp256k1.Signature.fromCompact(params.signature), sha256(signBytes), params.pubKey, {
        lowS: true,
      })
    )
  } catch {
    return false
  }
}
