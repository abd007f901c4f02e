import { type Address, getAddress, zeroAddress } from 'viem'
import type { TokenInfo } from '../chains/deployment'
import { getNativeCurrency } from '../chains/getNativeCurrency'
import { AppError } from '../errors'
import type { ChainMarket } from '../market/createChainMarket'

const EEEE_LOWER = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** A trade side: the token as the user sees it, and the ERC-20 the route uses (wrapped for native). */
export interface TradeToken {
  /** address(0) for native currency, else the checksummed token address. */
  address: Address
  /** The ERC-20 the pools trade (checksummed): the wrapped native for native currency. */
  routeAddress: Address
  isNative: boolean
  symbol: string
  name: string
  decimals: number
  transferFeeBps: number
  info: TokenInfo | undefined
}

/** True for the two spellings of native currency: the zero address and 0xEeee…EeE. */
export function isNativeAddress(address: string): boolean {
  const lower = address.toLowerCase()
  return lower === zeroAddress || lower === EEEE_LOWER
}

/** Each listed token's and each chain's native trade side, made once (addresses checksummed once). */
const listedSides = new WeakMap<TokenInfo, Readonly<TradeToken>>()
const nativeSides = new WeakMap<ChainMarket['deployment'], Readonly<TradeToken>>()

/**
 * Resolves one side of a trade against the chain's token list. Throws UNSUPPORTED_TOKEN (naming the
 * parameter) for a well-formed address the chain does not list.
 */
export function resolveTradeToken(market: ChainMarket, address: string, param: string): TradeToken {
  const { deployment } = market
  if (isNativeAddress(address)) {
    let side = nativeSides.get(deployment)
    if (!side) {
      side = Object.freeze({
        address: zeroAddress,
        routeAddress: getAddress(deployment.wrappedNative),
        isNative: true,
        ...getNativeCurrency(market.chainId),
        transferFeeBps: 0,
        info: undefined,
      })
      nativeSides.set(deployment, side)
    }
    return side
  }
  const info = market.findToken(address as Address)
  if (!info) {
    throw new AppError(
      'UNSUPPORTED_TOKEN',
      `${param} ${address} is not a supported token on chain ${market.chainId}`,
      {
        details: { param, address },
      },
    )
  }
  let side = listedSides.get(info)
  if (!side) {
    side = Object.freeze({
      address: getAddress(info.address),
      routeAddress: getAddress(info.address),
      isNative: false,
      symbol: info.symbol,
      name: info.name,
      decimals: info.decimals,
      transferFeeBps: info.transferFeeBps ?? 0,
      info,
    })
    listedSides.set(info, side)
  }
  return side
}

/**
 * Resolves both sides and rejects the same token twice: SAME_TOKEN. Native currency against its own
 * wrapped token passes: that is a wrap or unwrap (see `isWrapPair`).
 */
export function resolveTradePair(market: ChainMarket, from: string, to: string): [TradeToken, TradeToken] {
  const tokenIn = resolveTradeToken(market, from, 'fromTokenAddress')
  const tokenOut = resolveTradeToken(market, to, 'toTokenAddress')
  if (tokenIn.isNative === tokenOut.isNative && tokenIn.routeAddress === tokenOut.routeAddress) {
    throw new AppError('SAME_TOKEN', 'fromTokenAddress and toTokenAddress are the same token', {
      details: { fromTokenAddress: from, toTokenAddress: to },
    })
  }
  return [tokenIn, tokenOut]
}
