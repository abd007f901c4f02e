import { zeroAddress } from 'viem'
import { type AddressNetwork, type ChainInfo, getChainInfo } from '../chains/chainInfo'
import { isValidChainAddress } from '../chains/families/isValidChainAddress'
import { AppError } from '../errors'
import type { Markets } from '../market/createMarkets'
import type { ProviderAsset } from '../providers/types'
import { isNativeAddress, resolveTradeToken } from '../quotes/resolveTradeTokens'

/** One side of a cross-chain trade: the chain, the asset on it, and how it is shown. */
export interface CrossSide {
  chain: ChainInfo
  asset: ProviderAsset
  symbol: string
  isNative: boolean
  /** The ERC-20 whose USD price values the side (the wrapped native for native currency); EVM only. */
  priceAddress?: `0x${string}`
}

/** The chain of `chainId` (any family), or 400 UNSUPPORTED_CHAIN naming `param`. */
export function requireChain(chainId: number, param: string): ChainInfo {
  const chain = getChainInfo(chainId)
  if (chain === undefined)
    throw new AppError('UNSUPPORTED_CHAIN', `Chain ${chainId} is not supported`, {
      details: { chainId, param },
    })
  return chain
}

/**
 * Resolves a token of a cross-chain trade on its chain: EVM tokens from the chain's token list (400
 * UNSUPPORTED_TOKEN naming `param` otherwise), the native coin (the zero address) on every chain; on UTXO and
 * Cosmos chains only the native coin exists.
 */
export function resolveCrossSide(
  markets: Markets,
  chain: ChainInfo,
  address: string,
  param: string,
): CrossSide {
  if (chain.family === 'evm') {
    const token = resolveTradeToken(markets.get(chain.id), address, param)
    return {
      chain,
      asset: { chainId: chain.id, address: token.address, decimals: token.decimals },
      symbol: token.symbol,
      isNative: token.isNative,
      priceAddress: token.routeAddress,
    }
  }
  if (!isNativeAddress(address))
    throw new AppError(
      'UNSUPPORTED_TOKEN',
      `${param}: ${chain.name} has only its native coin, the zero address`,
      {
        details: { param, address },
      },
    )
  return {
    chain,
    asset: { chainId: chain.id, address: zeroAddress, decimals: chain.nativeCurrency.decimals },
    symbol: chain.nativeCurrency.symbol,
    isNative: true,
  }
}

/**
 * Checks an account on `chain` in that chain's format (EVM hex, UTXO base58/bech32/CashAddr of `network`,
 * Cosmos bech32); 400 INVALID_PARAMS naming `param` when it is not one.
 */
export function assertChainAccount(
  chain: ChainInfo,
  address: string,
  param: string,
  network: AddressNetwork,
) {
  if (!isValidChainAddress(chain, address, network))
    throw new AppError('INVALID_PARAMS', `${param} is not a valid ${chain.name} address`, {
      details: { param, chainId: chain.id },
    })
}
