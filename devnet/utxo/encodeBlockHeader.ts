/** Version and difficulty bits of the devnet's blocks (regtest bits, no proof-of-work grinding). */
const BLOCK_VERSION = 0x20000000
const REGTEST_BITS = 0x207fffff

/**
 * The 80-byte Bitcoin block header: version, previous hash and merkle root (in internal byte order), time,
 * the regtest difficulty bits and a zero nonce.
 */
export function encodeBlockHeader(block: { previousHash: string; merkleRoot: string; time: number }): Buffer {
  const header = Buffer.alloc(80)
  header.writeInt32LE(BLOCK_VERSION, 0)
  Buffer.from(block.previousHash, 'hex').reverse().copy(header, 4)
  Buffer.from(block.merkleRoot, 'hex').reverse().copy(header, 36)
  header.writeUInt32LE(block.time, 68)
  header.writeUInt32LE(REGTEST_BITS, 72)
  header.writeUInt32LE(0, 76)
  return header
}
