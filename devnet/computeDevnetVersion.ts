import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { DevnetMarket } from './largeMarket'

const devnetDir = path.dirname(fileURLToPath(import.meta.url))
const repoDir = path.resolve(devnetDir, '..')

/** Bump to force a fresh deployment when something outside the hashed files changes the result. */
export const devnetDeployCodeVersion = 1

/** Files whose content shapes the deployed devnet: contract artifacts, deploy code, tokens, prices and markets. */
export const devnetVersionInputs: readonly string[] = [
  'contracts/artifacts/index.ts',
  'contracts/thirdParty.ts',
  'contracts/deploy/deployAggregator.ts',
  'contracts/deploy/deployBytecode.ts',
  'contracts/deploy/deployDevToken.ts',
  'contracts/deploy/deployLiquidityNetworkContracts.ts',
  'contracts/deploy/deployGaslessSettlement.ts',
  'contracts/deploy/deployMulticall3.ts',
  'contracts/deploy/deployPermit2.ts',
  'contracts/deploy/deployUniswapV2.ts',
  'contracts/deploy/deployUniswapV3.ts',
  'contracts/deploy/deployWrappedNative.ts',
  'contracts/deploy/deployLayerZero.ts',
  'contracts/deploy/deployStargate.ts',
  'contracts/deploy/sendConfigTxs.ts',
  'server/chains/layerZeroEids.ts',
  'server/devnet/bridges/deployChainBridges.ts',
  'server/devnet/bridges/connectDevnetBridges.ts',
  'server/devnet/layerZeroRelayer/relayerAccount.ts',
  'server/devnet/layerZeroRelayer/createLayerZeroRelayer.ts',
  'contracts/deploy/sendContractTx.ts',
  'contracts/deploy/deployStargateComposer.ts',
  'contracts/deploy/deployStargateEntry.ts',
  'contracts/deploy/deployAcrossSpokePool.ts',
  'contracts/deploy/deployAcrossHandler.ts',
  'contracts/deploy/deployAcrossEntry.ts',
  'server/devnet/across/deployChainAcross.ts',
  'server/devnet/across/fillerAccount.ts',
  'contracts/deploy/devClient.ts',
  'server/chains/chainInfo.ts',
  'server/chains/deployment.ts',
  'server/devnet/createTxPipeline.ts',
  'server/devnet/deployChain.ts',
  'server/devnet/devAccounts.ts',
  'server/devnet/markets.ts',
  'server/devnet/largeMarket.ts',
  'server/devnet/prices.ts',
  'server/poolKinds/uniswapV3/tickMath.ts',
  'server/devnet/tokens.ts',
  'server/gasless/devnetRelayer.ts',
]

/**
 * The snapshot key of the devnet: the first 16 hex digits of a SHA-256 over the deploy code version,
 * the anvil package version (its state format) and the contents of `devnetVersionInputs` (a missing
 * file hashes as missing); for any market but `small`, the market's name, hashed and prefixed
 * (`large-<hex>`), so each market keeps its own snapshot and pruning one never removes the other's.
 * Reads files synchronously; throws only on I/O errors other than ENOENT.
 */
export function computeDevnetVersion(market: DevnetMarket = 'small'): string {
  const hash = createHash('sha256')
  hash.update(`deploy-code:${devnetDeployCodeVersion}\n`)
  if (market !== 'small') hash.update(`market:${market}\n`)
  hash.update(`anvil:${readAnvilPackageVersion()}\n`)
  for (const file of devnetVersionInputs) {
    hash.update(`${file}\n`)
    try {
      hash.update(readFileSync(path.join(repoDir, file)))
    } catch (error: unknown) {
      if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error
      hash.update('<missing>')
    }
    hash.update('\n')
  }
  const digest = hash.digest('hex').slice(0, 16)
  return market === 'small' ? digest : `${market}-${digest}`
}

function readAnvilPackageVersion(): string {
  const require = createRequire(import.meta.url)
  const pkg: unknown = JSON.parse(readFileSync(require.resolve('@foundry-rs/anvil/package.json'), 'utf8'))
  return typeof pkg === 'object' && pkg !== null && 'version' in pkg ? String(pkg.version) : 'unknown'
}
