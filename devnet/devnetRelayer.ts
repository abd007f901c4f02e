import { keccak256, type LocalAccount, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * Private key of the devnet's gasless relayer: keccak256 of a fixed string, so the devnet allowlists the
 * same address on every run. Devnet only; in network mode the relayer key comes from configuration.
 */
export const devnetRelayerPrivateKey = keccak256(toHex('tributary devnet gasless relayer v1'))

/** The devnet's gasless relayer account (allowlisted in every devnet GaslessSettlement). */
export function getDevnetRelayerAccount(): LocalAccount {
  return privateKeyToAccount(devnetRelayerPrivateKey)
}
