import { keccak256, type LocalAccount, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * The devnet's Across filler: the relayer that fills deposits from its own inventory on every chain. Its key
 * is keccak256 of a fixed string, so the address repeats on every run and the snapshot's inventory is its own.
 */
export function getFillerAccount(): LocalAccount {
  return privateKeyToAccount(keccak256(toHex('tributary devnet across filler v1')))
}
