import type { Hash, PublicClient } from 'viem'

/**
 * The hash the chain has now at a scanner's `cursor` (the last block it scanned), given the chain's `latest`
 * block: `latest`'s own when the cursor is the head, read otherwise; undefined when the chain is shorter than
 * the cursor (a restarted chain). A scanner compares it with the hash it saved to tell the chain it scanned from
 * another one; an idle chain costs one read (`latest`) per scan.
 */
export async function hashAtCursor(
  client: Pick<PublicClient, 'getBlock'>,
  cursor: number,
  latest: { number: bigint; hash: Hash },
): Promise<Hash | undefined> {
  const head = Number(latest.number)
  if (head < cursor) return undefined
  if (head === cursor) return latest.hash
  return (await client.getBlock({ blockNumber: BigInt(cursor) })).hash
}
