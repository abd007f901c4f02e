import { readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { type Address, BaseError, formatEther, getAddress, isAddress, zeroAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { NetworkConfigError } from '../../server/chains/NetworkConfigError'
import {
  loadNetworkConfigWithLiquidity,
  parseLiquidityNetworkConfig,
  parseNetworkConfig,
} from '../../server/chains/parseNetworkConfig'
import { connectDeployChain } from './connectDeployChain'
import { DeployError } from './DeployError'
import { type ChainContractsResult, deployChainContracts } from './deployChainContracts'
import { parseDeployConfig } from './parseDeployConfig'
import { rebaseTokenLists } from './rebaseTokenLists'
import { recordOurAddresses } from './recordOurAddresses'

export type RunDeployParams = {
  /** The input network config (docs/configuration.md, "Network mode"). */
  configPath: string
  /** Where the completed config is written (it may be `configPath`). */
  outPath: string
  /** The deployer's private key (DEPLOYER_KEY); it pays for the deployments and holds no role in them. */
  deployerKey: string | undefined
  /** Owner of GaslessSettlement's relayer allowlist; overrides the config's `deploy.owner`. */
  owner?: string | undefined
  /** Relayers GaslessSettlement allows; overrides the config's `deploy.gaslessRelayers`. */
  gaslessRelayers?: readonly string[] | undefined
  log?: (message: string) => void
  /** Receipt polling of the chains' clients (default 1 s). */
  pollingIntervalMs?: number
  /** How long a node may take to answer (default 15 s). */
  timeoutMs?: number
  /** Send and write nothing: print what would be deployed, and its estimated cost at the current gas price. */
  dryRun?: boolean
}

export type DeployReport = { chains: ({ chainId: number } & ChainContractsResult)[] }

/**
 * `npm run deploy`: reads the network config at `configPath`, checks it would serve once our addresses are in
 * (the server's parsers), connects to every chain (all must answer before anything is sent), then per chain ensures
 * our contracts (`deployChainContracts`: recorded and verified ones are kept, so a second run sends nothing) and
 * writes the config with their addresses to `outPath` after each contract, in the object form with the
 * `deploy` section (`owner`, `gaslessRelayers`) a later run checks against. With `dryRun` it sends and writes
 * nothing and prints what it would deploy and cost. Throws `DeployError`.
 */
export async function runDeploy(params: RunDeployParams): Promise<DeployReport> {
  const log = params.log ?? (() => undefined)
  const account = privateKeyToAccount(readDeployerKey(params.deployerKey))
  const json = await readConfigJson(params.configPath)
  const config = parseDeployConfig(json)
  const owner = params.owner === undefined ? config.deploy?.owner : parseFlagAddress(params.owner, '--owner')
  if (!owner)
    throw new DeployError(
      'Name the owner of the relayer allowlist: --owner 0x... or "deploy": { "owner": "0x..." } in the config ' +
        '(never the deployer key by default)',
    )
  const gaslessRelayers =
    params.gaslessRelayers?.map((r) => parseFlagAddress(r, '--gasless-relayers')) ??
    config.deploy?.gaslessRelayers ??
    []
  const base: Record<string, unknown> = Array.isArray(json) ? {} : { ...(json as Record<string, unknown>) }
  if ('tokenLists' in base)
    base.tokenLists = rebaseTokenLists(
      base.tokenLists,
      path.dirname(params.configPath),
      path.dirname(params.outPath),
    )
  const rawChains = (Array.isArray(json) ? json : (base.chains as unknown[])) as Record<string, unknown>[]
  const output = (chains: Record<string, unknown>[]) => ({
    ...base,
    chains,
    deploy: { ...(base.deploy as object | undefined), owner, gaslessRelayers },
  })
  await assertServes(
    () => checkParses(output(rawChains.map((c) => recordOurAddresses(c, placeholders(c))))),
    'would not serve once deployed',
  )

  const clients = await Promise.all(
    config.chains.map((chain) =>
      connectDeployChain({
        chainId: chain.chainId,
        rpcUrl: chain.rpcUrl,
        account,
        ...(params.pollingIntervalMs ? { pollingIntervalMs: params.pollingIntervalMs } : {}),
        ...(params.timeoutMs ? { timeoutMs: params.timeoutMs } : {}),
      }),
    ),
  )
  log(`deployer ${account.address}, owner ${owner}, gasless relayers ${gaslessRelayers.join(', ') || 'none'}`)

  const written = [...rawChains]
  const save = () => writeJsonAtomically(params.outPath, output(written))
  if (!params.dryRun) {
    // before any transaction: a deployment must never be left unrecorded for want of a writable file
    await save().catch((error: unknown) => {
      throw new DeployError(`Cannot write ${params.outPath}: ${String(error)}`, { cause: error })
    })
  }
  const report: DeployReport = { chains: [] }
  for (const [i, chain] of config.chains.entries()) {
    const client = clients[i]
    const raw = rawChains[i]
    if (!client || !raw) throw new DeployError(`chain ${chain.chainId}: internal error (no client)`)
    const result = await deployChainContracts({
      client,
      chain,
      owner,
      gaslessRelayers,
      log,
      dryRun: params.dryRun === true,
      onProgress: async (addresses) => {
        if (params.dryRun) return
        written[i] = recordOurAddresses(raw, addresses)
        await save()
      },
    }).catch((error: unknown) => {
      if (error instanceof DeployError) throw error
      // a node failing midway (a read, a receipt): what was deployed so far is already written
      const reason = error instanceof BaseError ? error.shortMessage : String(error)
      throw new DeployError(`chain ${chain.chainId}: ${reason} (rerun to resume)`, { cause: error })
    })
    report.chains.push({ chainId: chain.chainId, ...result })
    const deployed = result.contracts.filter((c) => c.deployed)
    const cost = deployed.reduce((sum, c) => sum + c.cost, 0n)
    const [verb, paid] = params.dryRun
      ? ['to deploy', 'native at the current gas price']
      : ['deployed', 'native paid']
    log(
      `chain ${chain.chainId}: ${deployed.length} ${verb}, ${result.contracts.length - deployed.length} kept` +
        (deployed.length > 0 ? `, ${params.dryRun ? 'about ' : ''}${formatEther(cost)} ${paid}` : ''),
    )
  }
  if (params.dryRun) {
    log('dry run: nothing sent, nothing written')
    return report
  }
  await save()
  await assertServes(
    () => loadNetworkConfigWithLiquidity(params.outPath),
    'was written but the server refuses it',
  )
  log(`wrote ${params.outPath}`)
  return report
}

function readDeployerKey(key: string | undefined): `0x${string}` {
  if (!key) throw new DeployError('DEPLOYER_KEY is not set: the deployer key comes from the environment only')
  const hex = key.startsWith('0x') ? key : `0x${key}`
  if (!/^0x[0-9a-fA-F]{64}$/.test(hex)) throw new DeployError('DEPLOYER_KEY is not a 32-byte hex private key')
  return hex as `0x${string}`
}

function parseFlagAddress(value: string, flag: string): Address {
  if (!isAddress(value, { strict: false })) throw new DeployError(`${flag}: ${value} is not an address`)
  return getAddress(value)
}

async function readConfigJson(file: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error: unknown) {
    throw new DeployError(`Cannot read the config ${file}`, { cause: error })
  }
  try {
    return JSON.parse(text)
  } catch (error: unknown) {
    throw new DeployError(`The config ${file} is not valid JSON`, { cause: error })
  }
}

/** Stand-ins for what a run writes, to check the rest of the config before anything is sent. */
function placeholders(chain: Record<string, unknown>) {
  const some = zeroAddress
  return {
    aggregator: some,
    gaslessSettlement: some,
    liquidityEntry: some,
    stargateEntry: some,
    stargateComposer: some,
    acrossHandler: some,
    acrossEntry: some,
    startBlock: typeof chain.startBlock === 'number' ? chain.startBlock : 0,
  }
}

/** The server's parse of a config's chains and liquidity network section (token lists are read at the end). */
function checkParses(json: unknown) {
  parseNetworkConfig(json)
  parseLiquidityNetworkConfig(json)
}

async function assertServes(check: () => unknown, what: string) {
  try {
    await check()
  } catch (error: unknown) {
    if (error instanceof NetworkConfigError)
      throw new DeployError(`The config ${what}: ${error.message}`, { cause: error })
    throw error
  }
}

async function writeJsonAtomically(file: string, json: unknown) {
  const temporary = `${file}.${process.pid}.tmp`
  await writeFile(temporary, `${JSON.stringify(json, null, 2)}\n`)
  await rename(temporary, file)
}
