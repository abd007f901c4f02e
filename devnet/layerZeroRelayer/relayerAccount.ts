import { keccak256, type LocalAccount, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * The devnet's LayerZero relayer: signer of every chain's DVN and admin of every chain's DVN and Executor.
 * Its key is keccak256 of a fixed string, so the address repeats on every run and the snapshot matches it.
 */
export function getRelayerAccount(): LocalAccount {
  return privateKeyToAccount(keccak256(toHex('tributary devnet layerzero relayer v1')))
}
