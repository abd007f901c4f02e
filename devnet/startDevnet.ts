import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Address } from 'viem'
import { evmChainIds } from '../server/chains/chainInfo'
import type { ChainDeployment } from '../server/chains/deployment'
import { computeDevnetVersion } from './computeDevnetVersion'
import { getDeployerAccount, getDevAccountAddresses } from './devAccounts'
import { type FundResult, fundAddress } from './fund'
import type { DevnetMarket } from './largeMarket'
import { recoverChainState } from './recoverChainState'
import { savedHeadPath } from './savedHead'
import { type AnvilInstance, startAnvil } from './startAnvil'
import { streamAnvilState } from './streamAnvilState'

export interface DevnetManifest {
  version: string
  chains: ChainDeployment[]
  devAccounts: Address[]
}

export interface Devnet {
  manifest: DevnetManifest
  deployments: ChainDeployment[]
  /** Whether this run loaded a snapshot instead of deploying. */
  fromSnapshot: boolean
  /** Whether every chain resumed its state of the last run (`persistChains`), rather than a fresh one. */
  resumed: boolean
  /** The chains that resumed their state of the last run; the others start fresh from the snapshot. */
  resumedChainIds: ReadonlySet<number>
  /** The anvil processes of this run, in chain order (a restarted anvil replaces its entry). */
  anvils: AnvilInstance[]
  fund(params: { address: Address; chainId?: number }): Promise<FundResult>
  /**
   * Per chain, where its last good state save records the head it covers (`finalSavedBlock` reads it), when the
   * chains keep their state (`persistChains`): what a crash can take away lies above that head. Empty otherwise.
   */
  savedHeadPaths: ReadonlyMap<number, string>
  /**
   * No longer starts again an anvil that exits: a shutdown has begun, and a terminal's Ctrl-C reaches the anvils
   * too. `stop` does it as well.
   */
  endSupervision(): void
  stop(): Promise<void>
}

export interface StartDevnetParams {
  /** Chain i (in chainInfo order) listens on portBase + i. Default 8545. */
  portBase?: number
  host?: string
  /** Snapshots and the manifest go to `<dataDir>/devnet/`. */
  dataDir: string
  log?: (message: string) => void
  /** Where what went wrong but was survived is reported (a failed state save, a damaged one); default `log`. */
  warn?: (message: string) => void
  /** Subset of chains to run (default: all 8, in chainInfo order; ports stay base + index in chainInfo). */
  chainIds?: readonly number[]
  /**
   * Keep each chain's state across runs (`npm start`): anvil dumps it every few seconds and on exit to
   * `<dataDir>/devnet/<version>/live/`, and the next run (or a restarted anvil) loads it instead of the deploy
   * snapshot, so the chains agree with the off-chain workers' persisted state. Off (fresh chains) in tests.
   */
  persistChains?: boolean
  /** Which market the chains carry (default `small`); each market has its own snapshot (see computeDevnetVersion). */
  market?: DevnetMarket
}

/** How often a persisted chain's state is written while it runs. */
const LIVE_STATE_INTERVAL_SEC = 5
/** How long an anvil may take to load its state and answer (a large market's state takes seconds to parse). */
const ANVIL_START_TIMEOUT_MS: Readonly<Record<DevnetMarket, number>> = { small: 20_000, large: 180_000 }

export class DevnetStartError extends Error {
  override name = 'DevnetStartError'
}

/**
 * Starts the embedded multi-chain devnet: one anvil per chain on portBase + i. On the first run for a
 * given version (hash of artifacts, deploy code and market data) it compiles the contracts if needed,
 * deploys every chain concurrently, dumps each chain's state to `<dataDir>/devnet/<version>/chain-<id>.json`
 * and writes the manifest there and to `<dataDir>/devnet/manifest.json`; later runs load those snapshots
 * (`--load-state`) and are ready in seconds. RPC URLs in the returned manifest are this run's. Rejects
 * with DevnetStartError (after stopping every anvil it started) when a chain cannot be started or deployed.
 */
export async function startDevnet(params: StartDevnetParams): Promise<Devnet> {
  const { portBase = 8545, host = '127.0.0.1', dataDir } = params
  const log = params.log ?? (() => undefined)
  const warn = params.warn ?? log
  const chainIds = params.chainIds ?? evmChainIds
  await ensureContractArtifacts(log)
  const market = params.market ?? 'small'
  const version = computeDevnetVersion(market)
  const versionDir = path.join(dataDir, 'devnet', version)
  const statePath = (chainId: number) => path.join(versionDir, `chain-${chainId}.json`)
  const livePath = (chainId: number) => path.join(versionDir, 'live', `chain-${chainId}.json`)
  /** Chains whose first start loaded a live state (the last save or the one before): resumed. */
  const resumedChains = new Set<number>()
  /** Where a chain starts from and where it keeps its state: its live state when kept and present. */
  const stateOptions = async (chainId: number, fromSnapshot: boolean) => {
    // The large market is for measuring: its chain 1 state is some 800 MB, and each save held its anvil for
    // tens of seconds, so its chains always start from the snapshot and keep nothing across restarts.
    if (params.persistChains !== true || market === 'large')
      return fromSnapshot ? { loadStatePath: statePath(chainId) } : {}
    // a crash while a state was written can leave it cut short: the previous copy, then the snapshot, is loaded
    const load = await recoverChainState(
      [livePath(chainId), `${livePath(chainId)}.prev`, ...(fromSnapshot ? [statePath(chainId)] : [])],
      warn,
    )
    if (load !== undefined && load !== statePath(chainId)) resumedChains.add(chainId)
    return {
      ...(load === undefined ? {} : { loadStatePath: load }),
      dumpStatePath: livePath(chainId),
      // a chain being deployed is not saved as it goes (a start drops an unfinished deploy): saving begins after
      ...(fromSnapshot ? { stateIntervalSec: LIVE_STATE_INTERVAL_SEC } : {}),
      warn,
    }
  }
  const snapshotManifestPath = path.join(versionDir, 'manifest.json')
  const snapshot = await readSnapshotManifest(snapshotManifestPath, version, chainIds, statePath)
  // a fresh deploy starts from empty chains: a live state left by an earlier, unfinished deploy is dropped
  if (snapshot === undefined && params.persistChains === true)
    await rm(path.join(versionDir, 'live'), { recursive: true, force: true })
  if (params.persistChains === true) await mkdir(path.join(versionDir, 'live'), { recursive: true })

  const anvils: AnvilInstance[] = []
  let stopping = false
  const stopAnvils = async () => {
    stopping = true
    await Promise.all(anvils.map((a) => a.stop()))
  }
  const portOf = (chainId: number) => portBase + Math.max(0, evmChainIds.indexOf(chainId))
  // The devnet's own node supervisor: an anvil that dies is started again on its port from the chain's
  // snapshot (what was sent since is gone; pool sync and the trade watchers roll back to the new head).
  const supervise = (chainId: number, anvil: AnvilInstance) => {
    anvil.process.once('exit', () => {
      if (stopping) return
      log(`devnet: the anvil of chain ${chainId} exited; restarting it from its snapshot`)
      const restart = () => {
        if (stopping) return
        stateOptions(chainId, true)
          .then((options) =>
            startAnvil({
              chainId,
              port: portOf(chainId),
              host,
              silent: true,
              startTimeoutMs: ANVIL_START_TIMEOUT_MS[market],
              ...options,
            }),
          )
          .then((next) => {
            const index = anvils.indexOf(anvil)
            if (index >= 0) anvils[index] = next
            else anvils.push(next)
            if (stopping) return next.stop()
            log(`devnet: the anvil of chain ${chainId} is back on ${next.rpcUrl}`)
            supervise(chainId, next)
          })
          .catch((error: unknown) => {
            log(`devnet: restarting chain ${chainId} failed (${String(error)}); retrying in 1 s`)
            setTimeout(restart, 1_000).unref()
          })
      }
      restart()
    })
  }
  try {
    const started = await Promise.all(
      chainIds.map(async (chainId) =>
        startAnvil({
          chainId,
          port: portOf(chainId),
          host,
          silent: true,
          startTimeoutMs: ANVIL_START_TIMEOUT_MS[market],
          ...(await stateOptions(chainId, snapshot !== undefined)),
        }).then((anvil) => {
          anvils.push(anvil)
          return { chainId, anvil }
        }),
      ),
    )
    const rpcUrlOf = (chainId: number) => {
      const found = started.find((s) => s.chainId === chainId)
      if (!found) throw new DevnetStartError(`no anvil for chain ${chainId}`)
      return found.anvil.rpcUrl
    }
    let chains: ChainDeployment[]
    if (snapshot) {
      chains = snapshot.chains.map((c) => ({ ...c, rpcUrl: rpcUrlOf(c.chainId) }))
      log(`devnet ${version}: loaded ${chains.length} chains from snapshot`)
    } else {
      log(`devnet ${version}: deploying ${chainIds.length} chains`)
      const { deployChain } = await import('./deployChain')
      chains = await Promise.all(
        chainIds.map((chainId) => deployChain({ chainId, market, rpcUrl: rpcUrlOf(chainId), log })),
      )
      const { connectDevnetBridges } = await import('./bridges/connectDevnetBridges')
      await connectDevnetBridges({ chains, account: getDeployerAccount(), log })
      await mkdir(versionDir, { recursive: true })
      await Promise.all(chains.map((c) => writeState(c.rpcUrl, statePath(c.chainId))))
    }
    // anvil answers WebSocket (eth_subscribe) on its HTTP port
    chains = chains.map((c) => ({ ...c, wsUrl: c.rpcUrl.replace(/^http/, 'ws') }))
    const manifest: DevnetManifest = { version, chains, devAccounts: getDevAccountAddresses() }
    const manifestJson = JSON.stringify(manifest, null, 2)
    if (!snapshot) {
      await writeFileAtomic(snapshotManifestPath, manifestJson)
      await pruneOtherVersions(path.join(dataDir, 'devnet'), version, market)
    }
    await writeFileAtomic(path.join(dataDir, 'devnet', 'manifest.json'), manifestJson)
    anvils.splice(0, anvils.length, ...started.map((s) => s.anvil))
    for (const { anvil } of started) anvil.startSaving(LIVE_STATE_INTERVAL_SEC)
    for (const { chainId, anvil } of started) supervise(chainId, anvil)
    let stopped: Promise<void> | undefined
    return {
      manifest,
      deployments: chains,
      fromSnapshot: snapshot !== undefined,
      // what was loaded, not which files exist: a kill between a save's two renames leaves only the previous
      // copy (loaded), and a damaged pair leaves the snapshot (not resumed: the last run's orders are gone)
      resumed: snapshot !== undefined && chainIds.every((chainId) => resumedChains.has(chainId)),
      resumedChainIds: snapshot === undefined ? new Set() : new Set(resumedChains),
      anvils,
      savedHeadPaths: new Map(
        params.persistChains === true && market !== 'large'
          ? chainIds.map((chainId) => [chainId, savedHeadPath(livePath(chainId))])
          : [],
      ),
      fund: ({ address, chainId }) =>
        fundAddress({ deployments: chains, address, ...(chainId === undefined ? {} : { chainId }) }),
      endSupervision: () => {
        stopping = true
      },
      stop: () => {
        stopped ??= stopAnvils()
        return stopped
      },
    }
  } catch (error: unknown) {
    await stopAnvils()
    if (error instanceof DevnetStartError) throw error
    const hint = snapshot
      ? ` The snapshot under ${versionDir} may be damaged: delete that directory and start again (the devnet redeploys).`
      : ''
    throw new DevnetStartError(
      `devnet failed to start: ${error instanceof Error ? error.message : String(error)}.${hint}`,
      {
        cause: error,
      },
    )
  }
}

async function ensureContractArtifacts(log: (message: string) => void) {
  const { compileContracts } = await import('../contracts/scripts/compile')
  const result = compileContracts()
  if (result.compiled) log(`contracts compiled: ${result.contracts.join(', ')}`)
}

async function readSnapshotManifest(
  manifestPath: string,
  version: string,
  chainIds: readonly number[],
  statePath: (chainId: number) => string,
): Promise<DevnetManifest | undefined> {
  if (!existsSync(manifestPath)) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(await readFile(manifestPath, 'utf8'))
  } catch (error: unknown) {
    throw new DevnetStartError(
      `The devnet snapshot manifest ${manifestPath} is damaged (${error instanceof Error ? error.message : String(error)}). ` +
        `Delete ${path.dirname(manifestPath)} and start again: the devnet redeploys.`,
      { cause: error },
    )
  }
  if (!isManifest(parsed) || parsed.version !== version) return undefined
  const complete = chainIds.every(
    (id) => parsed.chains.some((c) => c.chainId === id) && existsSync(statePath(id)),
  )
  if (!complete) return undefined
  return { ...parsed, chains: parsed.chains.filter((c) => chainIds.includes(c.chainId)) }
}

function isManifest(value: unknown): value is DevnetManifest {
  return (
    typeof value === 'object' &&
    value !== null &&
    'version' in value &&
    typeof value.version === 'string' &&
    'chains' in value &&
    Array.isArray(value.chains) &&
    'devAccounts' in value &&
    Array.isArray(value.devAccounts)
  )
}

/** anvil_dumpState returns gzip-compressed JSON as hex; `--load-state` wants the JSON. */
async function writeState(rpcUrl: string, file: string) {
  await writeFileAtomic(file, await streamAnvilState(rpcUrl))
}

async function writeFileAtomic(file: string, content: string | AsyncIterable<Uint8Array>) {
  await mkdir(path.dirname(file), { recursive: true })
  const tmp = `${file}.${process.pid}.tmp`
  await writeFile(tmp, content)
  await rename(tmp, file)
}

/**
 * Snapshots of other versions are dead weight (tens of MB each, hundreds in the large market); only folders named
 * as versions of the same market are removed, so the small and the large market keep one snapshot each.
 */
async function pruneOtherVersions(devnetDir: string, keep: string, market: DevnetMarket) {
  const entries = await readdir(devnetDir, { withFileTypes: true })
  const ofMarket = market === 'small' ? /^[0-9a-f]{16}$/ : new RegExp(`^${market}-[0-9a-f]{16}$`)
  await Promise.all(
    entries
      .filter((e) => e.isDirectory() && ofMarket.test(e.name) && e.name !== keep)
      .map((e) => rm(path.join(devnetDir, e.name), { recursive: true, force: true })),
  )
}
