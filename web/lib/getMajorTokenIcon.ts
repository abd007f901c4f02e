import {
  TokenAAVE,
  TokenARB,
  TokenAVAX,
  TokenBNB,
  TokenDAI,
  TokenETH,
  TokenFTM,
  TokenLINK,
  TokenOP,
  TokenPEPE,
  TokenPOL,
  TokenSHIB,
  TokenUNI,
  TokenUSDC,
  TokenUSDT,
} from '@web3icons/react'

type Web3Icon = typeof TokenETH

/** Major tokens drawn with @web3icons' logos; a wrapped native coin uses its coin's logo. */
const icons: Record<string, Web3Icon> = {
  ETH: TokenETH,
  WETH: TokenETH,
  USDC: TokenUSDC,
  USDT: TokenUSDT,
  DAI: TokenDAI,
  AAVE: TokenAAVE,
  LINK: TokenLINK,
  UNI: TokenUNI,
  BNB: TokenBNB,
  WBNB: TokenBNB,
  POL: TokenPOL,
  MATIC: TokenPOL,
  WPOL: TokenPOL,
  WMATIC: TokenPOL,
  AVAX: TokenAVAX,
  WAVAX: TokenAVAX,
  FTM: TokenFTM,
  WFTM: TokenFTM,
  OP: TokenOP,
  ARB: TokenARB,
  SHIB: TokenSHIB,
  PEPE: TokenPEPE,
}

/** The @web3icons logo component of a major token by symbol (case-insensitive); undefined for the rest. */
export function getMajorTokenIcon(symbol: string): Web3Icon | undefined {
  return Object.hasOwn(icons, symbol.toUpperCase()) ? icons[symbol.toUpperCase()] : undefined
}
