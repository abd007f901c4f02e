import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing'

/**
 * The devnet Cosmos wallet's signer for `privateKey` and its one account address (`<prefix>1...`: bech32 of
 * ripemd160(sha256(compressed public key))), with cosmjs's `DirectSecp256k1Wallet`.
 */
export async function getCosmosWalletSigner(privateKey: Uint8Array, bech32Prefix: string) {
  const signer = await DirectSecp256k1Wallet.fromKey(privateKey, bech32Prefix)
  const [account] = await signer.getAccounts()
  if (account === undefined) throw new Error('the Cosmos wallet has no account')
  return { signer, address: account.address }
}
