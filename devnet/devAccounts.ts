import { type Address, keccak256, type LocalAccount, toHex } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'

/** anvil's default mnemonic; its first 10 accounts are the devnet's dev accounts. */
export const devMnemonic = 'test test test test test test test test test test test junk'

/** Private key of the devnet deployer: keccak256 of a fixed string, so addresses repeat on every run. */
export const deployerPrivateKey = keccak256(toHex('tributary devnet deployer v1'))

/** The devnet deployer (also the minter of every devnet token). */
export function getDeployerAccount(): LocalAccount {
  return privateKeyToAccount(deployerPrivateKey)
}

/** Addresses of anvil's 10 standard dev accounts (m/44'/60'/0'/0/0..9 of the "test ... junk" mnemonic). */
export function getDevAccountAddresses(count = 10): Address[] {
  return Array.from({ length: count }, (_, i) => mnemonicToAccount(devMnemonic, { addressIndex: i }).address)
}
