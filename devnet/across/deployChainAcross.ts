import { type Address, erc20Abi, isAddressEqual, type LocalAccount, maxUint256, parseAbi } from 'viem'
import { deployAcrossEntry } from '../../contracts/deploy/deployAcrossEntry'
import { deployAcrossHandler } from '../../contracts/deploy/deployAcrossHandler'
import { deployAcrossSpokePool } from '../../contracts/deploy/deployAcrossSpokePool'
import { createDevClient, type DevClient } from '../../contracts/deploy/devClient'
import { sendContractTx } from '../../contracts/deploy/sendContractTx'
import { getEvmChainInfo } from '../../server/chains/chainInfo'
import type { AcrossAssetInfo, AcrossDeployment, TokenInfo } from '../../server/chains/deployment'
import { getFillerAccount } from './fillerAccount'

const tokenAbi = parseAbi(['function mint(address to, uint256 amount)', 'function deposit() payable'])

/** The filler's inventory per chain: 2M of each stablecoin, 2 000 WETH, and native for gas. */
const stableInventoryWhole = 2_000_000n
const wethInventoryWhole = 2_000n
const fillerNative = 10n ** 24n

/**
 * The tokens Across bridges on a devnet chain: USDC, the chain's Tether (USDT, fUSDT, USDt; asset `USDT`) and,
 * where the native coin is ETH, the wrapped native (asset `WETH`, deposited from native or WETH as on mainnet).
 * Pure: reads the chain table and `tokens` only.
 */
export function getAcrossAssets(chainId: number, tokens: readonly TokenInfo[], wrappedNative: Address) {
  const stable = (pattern: RegExp) =>
    tokens.find((t) => t.tags.includes('stable') && pattern.test(t.symbol) && !t.transferFeeBps)
  const assets: AcrossAssetInfo[] = []
  for (const [asset, token] of [
    ['USDC', stable(/^USDC$/)],
    ['USDT', stable(/^f?USD[Tt]$/)],
  ] as const) {
    if (token) assets.push({ asset, token: token.address, decimals: token.decimals })
  }
  const weth = tokens.find((t) => isAddressEqual(t.address, wrappedNative))
  if (weth && getEvmChainInfo(chainId)?.nativeCurrency.symbol === 'ETH') {
    assets.push({ asset: 'WETH', token: weth.address, decimals: weth.decimals })
  }
  return assets
}

/**
 * Across on one devnet chain: the SpokePool (owned by the deployer, who relays root bundles) and the filler's
 * inventory: stablecoins minted by the deployer (the devnet tokens' minter), WETH wrapped by the filler, each
 * approved to the SpokePool, and native for gas; then our AcrossHandler and AcrossEntry over the SpokePool and the Aggregator.
 */
export async function deployChainAcross(params: {
  client: DevClient
  rpcUrl: string
  account: LocalAccount
  chainId: number
  tokens: readonly TokenInfo[]
  wrappedNative: Address
  /** Our Aggregator on this chain: the route executor of the AcrossHandler. */
  aggregator: Address
}): Promise<{ across: AcrossDeployment }> {
  const { client } = params
  const { spokePool } = await deployAcrossSpokePool(client, {
    wrappedNative: params.wrappedNative,
    withdrawalRecipient: params.account.address,
  })
  const { handler } = await deployAcrossHandler(client, { spokePool, aggregator: params.aggregator })
  const { entry } = await deployAcrossEntry(client, { spokePool, aggregator: params.aggregator })
  const assets = getAcrossAssets(params.chainId, params.tokens, params.wrappedNative)
  const filler = getFillerAccount()
  await client.setBalance({ address: filler.address, value: fillerNative })
  const fillerClient = createDevClient({ rpcUrl: params.rpcUrl, chainId: params.chainId, account: filler })
  for (const asset of assets) {
    if (asset.asset === 'WETH') {
      await sendContractTx(fillerClient, {
        address: asset.token,
        abi: tokenAbi,
        functionName: 'deposit',
        value: wethInventoryWhole * 10n ** BigInt(asset.decimals),
      })
    } else {
      await sendContractTx(client, {
        address: asset.token,
        abi: tokenAbi,
        functionName: 'mint',
        args: [filler.address, stableInventoryWhole * 10n ** BigInt(asset.decimals)],
      })
    }
    await sendContractTx(fillerClient, {
      address: asset.token,
      abi: erc20Abi,
      functionName: 'approve',
      args: [spokePool, maxUint256],
    })
  }
  return { across: { spokePool, handler, entry, assets, relayers: [filler.address] } }
}
