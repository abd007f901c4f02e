import { type Hex, numberToHex } from 'viem'

/**
 * The `initCodeHash` word of an Aggregator allowlist entry for Uniswap V4 pools (contracts/src/Aggregator.sol's
 * `FactoryConfig`): the pools' tick spacing in bits 0-23 and, at bit 24, whether they hold native ETH where a hop
 * names the wrapped native token. Throws on a spacing V4 does not allow (1 to 32767).
 */
export function encodeV4EntryParams(params: { tickSpacing: number; native: boolean }): Hex {
  const { tickSpacing, native } = params
  if (!Number.isInteger(tickSpacing) || tickSpacing < 1 || tickSpacing > 32767) {
    throw new Error(`tick spacing ${tickSpacing} is outside 1..32767`)
  }
  return numberToHex(BigInt(tickSpacing) | (native ? 1n << 24n : 0n), { size: 32 })
}
