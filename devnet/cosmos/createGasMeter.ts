import { CosmosTxError } from './CosmosTxError'

/** The gas a transaction has consumed, refusing with code 11 (out of gas) past its limit. */
export interface GasMeter {
  consume(amount: bigint, descriptor: string): void
  used(): bigint
}

/**
 * A gas meter like the SDK's: `limit` undefined is the infinite meter of simulation. Going past the limit
 * throws `out of gas in location: <descriptor>; gasWanted: <limit>, gasUsed: <used>: out of gas`.
 */
export function createGasMeter(limit: bigint | undefined): GasMeter {
  let used = 0n
  return {
    consume(amount, descriptor) {
      used += amount
      if (limit !== undefined && used > limit)
        throw new CosmosTxError(
          11,
          `out of gas in location: ${descriptor}; gasWanted: ${limit}, gasUsed: ${used}`,
          limit,
        )
    },
    used: () => used,
  }
}
