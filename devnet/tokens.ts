import type { TokenTag } from '../server/chains/deployment'
import { type DevnetMarket, generateLongTailTokens } from './largeMarket'
import type { PriceSymbol } from './prices'

/** One ERC-20 the devnet deploys, with the symbol, name and decimals the real token has on that chain. */
export interface DevTokenSpec {
  symbol: string
  name: string
  decimals: number
  /** Key into the USD price table (prices.ts). */
  priceSymbol: PriceSymbol
  tags: TokenTag[]
  /** Transfer tax in basis points (fee-on-transfer tokens). */
  transferFeeBps?: number
  /** USDT-style: approve(x) reverts unless the current allowance is 0 or x is 0. */
  requireAllowanceReset?: boolean
  /** USDT-on-Ethereum-style: transfer/transferFrom/approve return nothing. */
  noReturnValue?: boolean
  /** EIP-2612 `permit` (like USDC): gasless orders need no approval transaction. */
  permit?: boolean
  /** Long-tail and fee-on-transfer tokens: the only token they are paired with ('wrapped' = wrapped native). */
  pairedWith?: string
  /** A large-market long-tail token (largeMarket.ts): its pools come from there, not from `pairedWith`. */
  generated?: true
}

export interface DevChainTokens {
  chainId: number
  /** Price symbol of the native currency (and its wrapped token). */
  nativePriceSymbol: PriceSymbol
  /** In deployment order (which fixes their addresses). */
  tokens: DevTokenSpec[]
}

const stable: TokenTag[] = ['stable']
const major: TokenTag[] = ['major']
const longTail: TokenTag[] = ['long-tail']

function usdc(decimals: number, name = 'USD Coin'): DevTokenSpec {
  return { symbol: 'USDC', name, decimals, priceSymbol: 'USD', tags: stable, permit: true }
}

function usdt(params: {
  decimals: number
  symbol?: string
  name?: string
  noReturnValue?: boolean
}): DevTokenSpec {
  const tags: TokenTag[] = ['stable', 'approve-reset']
  if (params.noReturnValue) tags.push('no-return-value')
  return {
    symbol: params.symbol ?? 'USDT',
    name: params.name ?? 'Tether USD',
    decimals: params.decimals,
    priceSymbol: 'USD',
    tags,
    requireAllowanceReset: true,
    ...(params.noReturnValue ? { noReturnValue: true } : {}),
  }
}

function dai(name = 'Dai Stablecoin', symbol = 'DAI'): DevTokenSpec {
  return { symbol, name, decimals: 18, priceSymbol: 'USD', tags: stable }
}

function majorToken(symbol: string, name: string, priceSymbol: PriceSymbol, decimals = 18): DevTokenSpec {
  return { symbol, name, decimals, priceSymbol, tags: major }
}

function longTailToken(
  symbol: string,
  name: string,
  priceSymbol: PriceSymbol,
  pairedWith: string,
): DevTokenSpec {
  return { symbol, name, decimals: 18, priceSymbol, tags: longTail, pairedWith }
}

/** The 2% fee-on-transfer token every chain gets; not a real asset, named so nobody mistakes it for one. */
const taxToken: DevTokenSpec = {
  symbol: 'TAX',
  name: 'Taxed Devnet Token',
  decimals: 18,
  priceSymbol: 'TAX',
  tags: ['long-tail', 'fee-on-transfer'],
  transferFeeBps: 200,
  pairedWith: 'wrapped',
}

/**
 * The ERC-20s of each devnet chain (wrapped native excluded: it comes from chainInfo). Symbols,
 * names and decimals follow the real tokens on that chain (BSC's Binance-Peg USDC/USDT have 18
 * decimals, BTCB too; Fantom's USDT is fUSDT, Avalanche's is USDt). USDT is approve-reset on every
 * chain and returns no value on Ethereum, like the real one.
 */
export const devnetTokens: readonly DevChainTokens[] = [
  {
    chainId: 1,
    nativePriceSymbol: 'ETH',
    tokens: [
      usdc(6),
      usdt({ decimals: 6, noReturnValue: true }),
      dai(),
      majorToken('WBTC', 'Wrapped BTC', 'BTC', 8),
      majorToken('LINK', 'ChainLink Token', 'LINK'),
      majorToken('UNI', 'Uniswap', 'UNI'),
      majorToken('AAVE', 'Aave Token', 'AAVE'),
      longTailToken('PEPE', 'Pepe', 'PEPE', 'wrapped'),
      longTailToken('SHIB', 'SHIBA INU', 'SHIB', 'USDC'),
      taxToken,
    ],
  },
  {
    chainId: 10,
    nativePriceSymbol: 'ETH',
    tokens: [
      usdc(6),
      usdt({ decimals: 6 }),
      dai(),
      majorToken('WBTC', 'Wrapped BTC', 'BTC', 8),
      majorToken('OP', 'Optimism', 'OP'),
      majorToken('LINK', 'ChainLink Token', 'LINK'),
      majorToken('AAVE', 'Aave Token', 'AAVE'),
      longTailToken('VELO', 'VelodromeV2', 'VELO', 'wrapped'),
      longTailToken('SNX', 'Synthetix Network Token', 'SNX', 'USDC'),
      taxToken,
    ],
  },
  {
    chainId: 56,
    nativePriceSymbol: 'BNB',
    tokens: [
      usdc(18),
      usdt({ decimals: 18 }),
      dai('Dai Token'),
      majorToken('BTCB', 'BTCB Token', 'BTC', 18),
      majorToken('ETH', 'Ethereum Token', 'ETH'),
      majorToken('CAKE', 'PancakeSwap Token', 'CAKE'),
      majorToken('LINK', 'ChainLink Token', 'LINK'),
      majorToken('UNI', 'Uniswap', 'UNI'),
      longTailToken('BAKE', 'BakeryToken', 'BAKE', 'wrapped'),
      longTailToken('XVS', 'Venus', 'XVS', 'USDT'),
      taxToken,
    ],
  },
  {
    chainId: 137,
    nativePriceSymbol: 'POL',
    tokens: [
      usdc(6),
      usdt({ decimals: 6, name: '(PoS) Tether USD' }),
      dai('(PoS) Dai Stablecoin'),
      majorToken('WBTC', '(PoS) Wrapped BTC', 'BTC', 8),
      majorToken('WETH', 'Wrapped Ether', 'ETH'),
      majorToken('QUICK', 'QuickSwap', 'QUICK'),
      majorToken('LINK', 'ChainLink Token', 'LINK'),
      majorToken('AAVE', 'Aave', 'AAVE'),
      longTailToken('GHST', 'Aavegotchi GHST Token (PoS)', 'GHST', 'USDC'),
      taxToken,
    ],
  },
  {
    chainId: 250,
    nativePriceSymbol: 'FTM',
    tokens: [
      usdc(6),
      usdt({ decimals: 6, symbol: 'fUSDT', name: 'Frapped USDT' }),
      dai(),
      majorToken('WBTC', 'Wrapped BTC', 'BTC', 8),
      majorToken('WETH', 'Wrapped Ether', 'ETH'),
      majorToken('BOO', 'SpookyToken', 'BOO'),
      majorToken('LINK', 'ChainLink', 'LINK'),
      longTailToken('SPIRIT', 'SpiritSwap Token', 'SPIRIT', 'wrapped'),
      taxToken,
    ],
  },
  {
    chainId: 8453,
    nativePriceSymbol: 'ETH',
    tokens: [
      usdc(6),
      usdt({ decimals: 6 }),
      dai(),
      majorToken('cbBTC', 'Coinbase Wrapped BTC', 'BTC', 8),
      majorToken('AERO', 'Aerodrome', 'AERO'),
      majorToken('LINK', 'ChainLink Token', 'LINK'),
      longTailToken('DEGEN', 'Degen', 'DEGEN', 'wrapped'),
      longTailToken('BRETT', 'Brett', 'BRETT', 'wrapped'),
      taxToken,
    ],
  },
  {
    chainId: 42161,
    nativePriceSymbol: 'ETH',
    tokens: [
      usdc(6),
      usdt({ decimals: 6 }),
      dai(),
      majorToken('WBTC', 'Wrapped BTC', 'BTC', 8),
      majorToken('ARB', 'Arbitrum', 'ARB'),
      majorToken('LINK', 'ChainLink Token', 'LINK'),
      majorToken('UNI', 'Uniswap', 'UNI'),
      majorToken('AAVE', 'Aave Token', 'AAVE'),
      majorToken('GMX', 'GMX', 'GMX'),
      longTailToken('MAGIC', 'MAGIC', 'MAGIC', 'wrapped'),
      taxToken,
    ],
  },
  {
    chainId: 43114,
    nativePriceSymbol: 'AVAX',
    tokens: [
      usdc(6),
      usdt({ decimals: 6, symbol: 'USDt', name: 'TetherToken' }),
      dai('Dai Stablecoin', 'DAI.e'),
      majorToken('BTC.b', 'Bitcoin', 'BTC', 8),
      majorToken('WETH.e', 'Wrapped Ether', 'ETH'),
      majorToken('JOE', 'JoeToken', 'JOE'),
      majorToken('LINK.e', 'Chainlink Token', 'LINK'),
      longTailToken('QI', 'BENQI', 'QI', 'wrapped'),
      longTailToken('PNG', 'Pangolin', 'PNG', 'USDC'),
      taxToken,
    ],
  },
]

/**
 * The token list of one devnet chain: in the large market, followed by its generated long-tail tokens. Throws
 * when the chain is not a devnet chain.
 */
export function getDevnetTokens(chainId: number, market: DevnetMarket = 'small'): DevChainTokens {
  const found = devnetTokens.find((c) => c.chainId === chainId)
  if (!found) throw new Error(`No devnet tokens for chain ${chainId}`)
  if (market === 'small') return found
  return { ...found, tokens: [...found.tokens, ...generateLongTailTokens(chainId)] }
}
