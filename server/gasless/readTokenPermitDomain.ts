import { type Address, domainSeparator, keccak256, type PublicClient, parseAbi, toHex } from 'viem'

const eip2612Abi = parseAbi([
  'function name() view returns (string)',
  'function version() view returns (string)',
  'function nonces(address owner) view returns (uint256)',
  'function DOMAIN_SEPARATOR() view returns (bytes32)',
  'function PERMIT_TYPEHASH() view returns (bytes32)',
])

const PERMIT_TYPEHASH = keccak256(
  toHex('Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)'),
)

/** What signing a token's EIP-2612 permit needs besides the permit itself: its domain and the owner's nonce. */
export interface TokenPermitDomain {
  name: string
  version: string
  nonce: bigint
}

/**
 * Whether `token` has a standard EIP-2612 permit, read from the chain: its `DOMAIN_SEPARATOR()` must equal the
 * one computed from `name()`, `version()` (or "1" when the token has none), `chainId` and its address, and a
 * `PERMIT_TYPEHASH()` it exposes must be EIP-2612's (DAI-style permits differ). Answers the domain and
 * `owner`'s nonce, or undefined when any of this fails (no permit, a non-standard one, a node error).
 */
export async function readTokenPermitDomain(
  client: PublicClient,
  p: { chainId: number; token: Address; owner: Address },
): Promise<TokenPermitDomain | undefined> {
  const read = <T>(promise: Promise<T>) => promise.catch(() => undefined)
  const base = { address: p.token, abi: eip2612Abi } as const
  const [name, version, nonce, separator, typehash] = await Promise.all([
    read(client.readContract({ ...base, functionName: 'name' })),
    read(client.readContract({ ...base, functionName: 'version' })),
    read(client.readContract({ ...base, functionName: 'nonces', args: [p.owner] })),
    read(client.readContract({ ...base, functionName: 'DOMAIN_SEPARATOR' })),
    read(client.readContract({ ...base, functionName: 'PERMIT_TYPEHASH' })),
  ])
  if (name === undefined || nonce === undefined || separator === undefined) return undefined
  if (typehash !== undefined && typehash !== PERMIT_TYPEHASH) return undefined
  const domain = { name, version: version ?? '1', chainId: p.chainId, verifyingContract: p.token }
  if (domainSeparator({ domain }).toLowerCase() !== separator.toLowerCase()) return undefined
  return { name, version: version ?? '1', nonce }
}
