import type { HexAddress } from '../../lib/api'

/** A token as a quote describes it (`tokenFrom` / `tokenTo`). */
export interface QuoteToken {
  name: string
  symbol: string
  decimals: number
  contractAddress: HexAddress
  chainId: number
  priceInUsd: number | null
  buyTax: number
  sellTax: number
  logo: string
}

export interface QuoteProtocol {
  name: string
  logo: string
  route: HexAddress[]
  percentage: number
}

/** `transactionData` of a quote: passed back unchanged to `POST swap/single`. */
export interface QuoteTransactionData {
  info: {
    srcToken: HexAddress
    dstToken: HexAddress
    amountIn?: string
    amountOutMin?: string
    amountOut?: string
    amountInMax?: string
    deadline: number
    slippage: number
    [key: string]: unknown
  }
  call: { amount: string; data: string; [key: string]: unknown }[]
  version?: number
}

/** One route of `GET quote/single` (amounts are decimal strings of base units, percentages numbers). */
export interface SingleQuote {
  isBest: boolean
  exchangeId: string
  fromTokenAmount: string
  toTokenAmount: string
  /** Minimum received (exact input) or maximum sold (exact output) after slippage. */
  deltaAmount: string
  fee: string
  tokenFrom: QuoteToken
  tokenTo: QuoteToken
  tradeType: 0 | 1
  protocol: QuoteProtocol[]
  transactionData: QuoteTransactionData
  to: HexAddress
  nativeValue: string
  gasPrice: string
  gasUnits: string
  gasCostWei: string
  gasCostUsd: number | null
  amountInUsd: number | null
  amountOutUsd: number | null
  /** Percent. */
  slippage: number
  /** Percent. */
  recommendedSlippage: number
  /** Percent. */
  priceImpact: number
  /** Unix seconds after which the quote must not be executed. */
  quoteDeadline: number
}

/** Answer of `POST swap/single`. */
export interface SwapTransaction {
  to: HexAddress
  data: `0x${string}`
  value: string
  estimateGas?: string
  estimateGasError?: string
  insufficientFunds: boolean
  insufficientGas: boolean
  insufficientAllowance: boolean
  allowance: string
  gasPrice: string
}

/** Which amount the user typed: the input (exact in) or the output (exact out). */
export type SwapSide = 'in' | 'out'
