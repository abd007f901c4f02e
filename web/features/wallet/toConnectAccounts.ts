import type { Address } from 'viem'

/** A connected account with its wallet capabilities (EIP-5792); the devnet wallet declares none. */
export interface AccountWithCapabilities {
  address: Address
  capabilities: Record<string, unknown>
}

/**
 * The `accounts` of a wagmi connector's `connect()` answer: plain addresses, or each address with empty
 * capabilities when the caller asked `withCapabilities` (the shape wagmi's connector type expects for each).
 */
export function toConnectAccounts<withCapabilities extends boolean = false>(
  accounts: readonly Address[],
  withCapabilities: withCapabilities | boolean | undefined,
): withCapabilities extends true ? readonly AccountWithCapabilities[] : readonly Address[]
export function toConnectAccounts(
  accounts: readonly Address[],
  withCapabilities: boolean | undefined,
): readonly AccountWithCapabilities[] | readonly Address[] {
  return withCapabilities === true ? accounts.map((address) => ({ address, capabilities: {} })) : accounts
}
