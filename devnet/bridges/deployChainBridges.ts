import { type Address, isAddressEqual, type LocalAccount, zeroAddress } from 'viem'
import { deployLayerZero } from '../../contracts/deploy/deployLayerZero'
import { deployStargate, type StargateAssetSpec } from '../../contracts/deploy/deployStargate'
import { deployStargateComposer } from '../../contracts/deploy/deployStargateComposer'
import { deployStargateEntry } from '../../contracts/deploy/deployStargateEntry'
import type { DevClient } from '../../contracts/deploy/devClient'
import { getEvmChainInfo } from '../../server/chains/chainInfo'
import type { LayerZeroDeployment, StargateDeployment, TokenInfo } from '../../server/chains/deployment'
import { getLayerZeroEid } from '../../server/chains/layerZeroEids'
import { getRelayerAccount } from '../layerZeroRelayer/relayerAccount'

/** Stargate's mainnet asset ids of the assets the devnet bridges. */
export const stargateAssetIds = { USDC: 1, USDT: 2, ETH: 13 } as const

/** Pool liquidity per chain: 10M of each stablecoin, 3 000 ETH in the native pools. */
const stableLiquidityWhole = 10_000_000n
const ethLiquidityWhole = 3_000n
/** Native the relayer holds on every chain for gas. */
const relayerBalance = 10n ** 24n

/**
 * The Stargate pools a devnet chain gets: USDC (asset 1) and USDT (asset 2, whatever the chain calls its
 * Tether: USDT, fUSDT, USDt) from the chain's own devnet tokens, and the native pool (asset 13) where the
 * native coin is ETH. Pure: reads the chain table and `tokens` only.
 */
export function getStargateAssetSpecs(chainId: number, tokens: readonly TokenInfo[]): StargateAssetSpec[] {
  const stable = (pattern: RegExp) =>
    tokens.find((t) => t.tags.includes('stable') && pattern.test(t.symbol) && !t.transferFeeBps)
  const specs: StargateAssetSpec[] = []
  for (const [assetId, token] of [
    [stargateAssetIds.USDC, stable(/^USDC$/)],
    [stargateAssetIds.USDT, stable(/^f?USD[Tt]$/)],
  ] as const) {
    if (!token) continue
    specs.push({
      assetId,
      symbol: token.symbol,
      token: token.address,
      decimals: token.decimals,
      liquidity: stableLiquidityWhole * 10n ** BigInt(token.decimals),
    })
  }
  if (getEvmChainInfo(chainId)?.nativeCurrency.symbol === 'ETH') {
    specs.push({
      assetId: stargateAssetIds.ETH,
      symbol: 'ETH',
      token: zeroAddress,
      decimals: 18,
      liquidity: ethLiquidityWhole * 10n ** 18n,
    })
  }
  return specs
}

/**
 * The per-chain part of the devnet's bridges, run at the end of deployChain: LayerZero V2 (the relayer of
 * devnet/layerZeroRelayer as DVN signer and worker admin, funded with native for gas) and Stargate V2
 * with its pools and their liquidity, then our StargateEntry (origin) and StargateComposer (destination) over
 * those pools and the chain's Aggregator. Paths between chains are made later by `connectDevnetBridges`.
 * Returns nothing for a chain without a LayerZero eid.
 */
export async function deployChainBridges(params: {
  client: DevClient
  rpcUrl: string
  account: LocalAccount
  chainId: number
  tokens: readonly TokenInfo[]
  /** Our Aggregator on this chain: the route executor of StargateEntry and StargateComposer. */
  aggregator: Address
}): Promise<{ layerZero?: LayerZeroDeployment; stargate?: StargateDeployment }> {
  const eid = getLayerZeroEid(params.chainId)
  if (eid === undefined) return {}
  const sender = { client: params.client, rpcUrl: params.rpcUrl, account: params.account }
  const relayer: Address = getRelayerAccount().address
  await params.client.setBalance({ address: relayer, value: relayerBalance })
  const layerZero = await deployLayerZero(sender, { eid, relayer, dvnSigner: relayer })
  const assets = getStargateAssetSpecs(params.chainId, params.tokens)
  const stargate = await deployStargate(sender, { endpoint: layerZero.endpoint, assets })
  const pools = stargate.pools.map((p) => ({
    assetId: p.assetId,
    symbol: p.symbol,
    token: p.token,
    decimals: p.decimals,
    pool: p.pool,
    feeLib: p.feeLib,
  }))
  if (pools.some((p) => isAddressEqual(p.pool, zeroAddress))) throw new Error('Stargate pool missing')
  const poolConfigs = pools.map((p) => ({ pool: p.pool, token: p.token }))
  const { entry } = await deployStargateEntry(params.client, {
    aggregator: params.aggregator,
    pools: poolConfigs,
  })
  const { composer } = await deployStargateComposer(params.client, {
    endpoint: layerZero.endpoint,
    aggregator: params.aggregator,
    pools: poolConfigs,
  })
  return {
    layerZero,
    stargate: {
      tokenMessaging: stargate.tokenMessaging,
      creditMessaging: stargate.creditMessaging,
      entry,
      composer,
      pools,
    },
  }
}
