import type { Address, Hex } from 'viem'
import type { TokenPermitDomain } from './readTokenPermitDomain'

/** EIP-712 types of an EIP-2612 permit. */
export const tokenPermitTypes = {
  Permit: [
    { name: 'owner', type: 'address' },
    { name: 'spender', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const

/**
 * The EIP-712 document of `owner`'s EIP-2612 permit letting Permit2 (`spender`) spend `value` of `token` until
 * `deadline`, in the token's domain (`readTokenPermitDomain`).
 */
export function buildTokenPermitTypedData(p: {
  chainId: number
  token: Address
  domain: TokenPermitDomain
  owner: Address
  spender: Address
  value: bigint
  deadline: bigint
}) {
  return {
    domain: {
      name: p.domain.name,
      version: p.domain.version,
      chainId: p.chainId,
      verifyingContract: p.token,
    },
    types: tokenPermitTypes,
    primaryType: 'Permit' as const,
    message: {
      owner: p.owner,
      spender: p.spender,
      value: p.value,
      nonce: p.domain.nonce,
      deadline: p.deadline,
    },
  }
}

/** An order's token permit as the API and the store carry it (decimal strings, the 65-byte signature). */
export type StoredTokenPermit = { value: string; deadline: string; signature: Hex }
