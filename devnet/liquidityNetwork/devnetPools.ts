import { keccak256, type LocalAccount, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { ClpPools } from '../../server/thorchain/computeSwapOutcome'

const E8 = 10n ** 8n

/**
 * The devnet network's pools when it starts without saved state, in 1e8 units, priced like the rest of the
 * devnet (RUNE at $5, BTC $65,000, ETH $3,000, BNB $600, AVAX $30, BCH $400, LTC $80, DOGE $0.15, ATOM $8).
 */
export const devnetPools: ClpPools = {
  'BTC.BTC': { assetDepth: 10n * E8, runeDepth: 130_000n * E8 },
  'BCH.BCH': { assetDepth: 100n * E8, runeDepth: 8_000n * E8 },
  'DOGE.DOGE': { assetDepth: 200_000n * E8, runeDepth: 6_000n * E8 },
  'LTC.LTC': { assetDepth: 1_000n * E8, runeDepth: 16_000n * E8 },
  'ETH.ETH': { assetDepth: 100n * E8, runeDepth: 60_000n * E8 },
  'BSC.BNB': { assetDepth: 500n * E8, runeDepth: 60_000n * E8 },
  'AVAX.AVAX': { assetDepth: 10_000n * E8, runeDepth: 60_000n * E8 },
  'GAIA.ATOM': { assetDepth: 20_000n * E8, runeDepth: 32_000n * E8 },
}

/** The network's fee for paying out on each chain, in 1e8 units of the chain's gas asset. */
export const devnetOutboundFees: Readonly<Record<string, bigint>> = {
  BTC: 15_000n,
  BCH: 5_000n,
  DOGE: 2n * E8,
  LTC: 100_000n,
  ETH: 50_000n,
  BSC: 100_000n,
  AVAX: 2_000_000n,
  GAIA: 2_000_000n,
}

/** The devnet network's vault on the EVM chains: a fixed devnet key (the same address on every chain). */
export function getDevnetEvmVault(): LocalAccount {
  return privateKeyToAccount(keccak256(toHex('tributary devnet liquidity vault')))
}
