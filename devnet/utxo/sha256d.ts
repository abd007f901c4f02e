import { createHash } from 'node:crypto'

/** Bitcoin's double SHA-256 (txids, block hashes, merkle nodes), as raw bytes in internal order. */
export function sha256d(data: Buffer): Buffer {
  return createHash('sha256').update(createHash('sha256').update(data).digest()).digest()
}
