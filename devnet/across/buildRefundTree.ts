import { type Address, encodeAbiParameters, type Hex, keccak256 } from 'viem'

/** One leaf of a relayer refund root (SpokePoolInterface.RelayerRefundLeaf). */
export interface RelayerRefundLeaf {
  amountToReturn: bigint
  chainId: bigint
  refundAmounts: bigint[]
  leafId: number
  l2TokenAddress: Address
  refundAddresses: Address[]
}

const leafParameters = [
  {
    type: 'tuple',
    components: [
      { name: 'amountToReturn', type: 'uint256' },
      { name: 'chainId', type: 'uint256' },
      { name: 'refundAmounts', type: 'uint256[]' },
      { name: 'leafId', type: 'uint32' },
      { name: 'l2TokenAddress', type: 'address' },
      { name: 'refundAddresses', type: 'address[]' },
    ],
  },
] as const

/** keccak256(abi.encode(leaf)): the leaf hash MerkleLib.verifyRelayerRefund checks. */
export function hashRefundLeaf(leaf: RelayerRefundLeaf): Hex {
  return keccak256(encodeAbiParameters(leafParameters, [leaf]))
}

/**
 * The relayer refund root of `leaves` (in order; `leafId` should be each leaf's index) and each leaf's proof,
 * as OpenZeppelin's MerkleProof verifies them: pairs hashed in sorted order, a node without a sibling carried
 * up unchanged. Throws for an empty list (a root bundle needs at least one leaf).
 */
export function buildRefundTree(leaves: readonly RelayerRefundLeaf[]): { root: Hex; proofs: Hex[][] } {
  if (leaves.length === 0) throw new Error('a refund tree needs at least one leaf')
  let level = leaves.map(hashRefundLeaf)
  let positions = leaves.map((_, index) => index)
  const proofs: Hex[][] = leaves.map(() => [])
  while (level.length > 1) {
    const next: Hex[] = []
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i]
      const right = level[i + 1]
      if (left === undefined) continue
      next.push(right === undefined ? left : hashPair(left, right))
    }
    positions = positions.map((position, leaf) => {
      const sibling = level[position ^ 1]
      if (sibling !== undefined) proofs[leaf]?.push(sibling)
      return position >> 1
    })
    level = next
  }
  const [root] = level
  if (root === undefined) throw new Error('unreachable: empty refund tree')
  return { root, proofs }
}

function hashPair(a: Hex, b: Hex): Hex {
  const [low, high] = BigInt(a) < BigInt(b) ? [a, b] : [b, a]
  return keccak256(`0x${low.slice(2)}${high.slice(2)}`)
}
