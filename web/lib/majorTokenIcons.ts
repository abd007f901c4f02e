import TokenETH from '@web3icons/react/icons/tokens/TokenETH'
import type { Web3IconSource } from './loadWeb3Icon'

// a wrapped native coin uses its coin's logo: one source, so one load
const bnb: Web3IconSource = { load: () => import('@web3icons/react/icons/tokens/TokenBNB') }
const pol: Web3IconSource = { load: () => import('@web3icons/react/icons/tokens/TokenPOL') }
const avax: Web3IconSource = { load: () => import('@web3icons/react/icons/tokens/TokenAVAX') }
const ftm: Web3IconSource = { load: () => import('@web3icons/react/icons/tokens/TokenFTM') }

/**
 * Major tokens drawn with @web3icons' logos, by upper-case symbol. ETH is the first view's native coin on most
 * chains, so it is bundled; the others load when first drawn (each logo holds three variants, up to 9 KB gzip).
 */
export const majorTokenIcons: Readonly<Record<string, Web3IconSource>> = {
  ETH: TokenETH,
  WETH: TokenETH,
  USDC: { load: () => import('@web3icons/react/icons/tokens/TokenUSDC') },
  USDT: { load: () => import('@web3icons/react/icons/tokens/TokenUSDT') },
  DAI: { load: () => import('@web3icons/react/icons/tokens/TokenDAI') },
  AAVE: { load: () => import('@web3icons/react/icons/tokens/TokenAAVE') },
  LINK: { load: () => import('@web3icons/react/icons/tokens/TokenLINK') },
  UNI: { load: () => import('@web3icons/react/icons/tokens/TokenUNI') },
  BNB: bnb,
  WBNB: bnb,
  POL: pol,
  MATIC: pol,
  WPOL: pol,
  WMATIC: pol,
  AVAX: avax,
  WAVAX: avax,
  FTM: ftm,
  WFTM: ftm,
  OP: { load: () => import('@web3icons/react/icons/tokens/TokenOP') },
  ARB: { load: () => import('@web3icons/react/icons/tokens/TokenARB') },
  SHIB: { load: () => import('@web3icons/react/icons/tokens/TokenSHIB') },
  PEPE: { load: () => import('@web3icons/react/icons/tokens/TokenPEPE') },
}
