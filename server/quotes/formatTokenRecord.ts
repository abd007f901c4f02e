import type { TradeToken } from './resolveTradeTokens'

/**
 * A token as the compatible API's quotes name it (`tokenFrom`, `tokenTo`): name, symbol, decimals, address,
 * chain, USD price (null when unknown), the transfer tax as buy and sell tax in percent, and its logo path.
 */
export function formatTokenRecord(chainId: number, token: TradeToken, priceInUsd: number | undefined) {
  const tax = token.transferFeeBps / 100
  return {
    name: token.name,
    symbol: token.symbol,
    decimals: token.decimals,
    contractAddress: token.address,
    chainId,
    priceInUsd: priceInUsd ?? null,
    buyTax: tax,
    sellTax: tax,
    logo: `/trade/v1/info/tokenLogo/${chainId}/${token.address}`,
  }
}
