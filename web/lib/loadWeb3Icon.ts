import type TokenETH from '@web3icons/react/icons/tokens/TokenETH'

export type Web3Icon = typeof TokenETH

/**
 * A @web3icons logo: the component itself (bundled where it is imported) or a loader of its own chunk. Each
 * logo carries three variants of its paths, a few KB apiece, so only those the first view draws are bundled.
 */
export type Web3IconSource = Web3Icon | { load: () => Promise<{ default: Web3Icon }> }

const loaded = new WeakMap<object, Web3Icon>()
const loading = new WeakMap<object, Promise<Web3Icon | undefined>>()

function isLoader(source: Web3IconSource): source is Extract<Web3IconSource, { load: unknown }> {
  return 'load' in source
}

/** The logo's component when it is bundled or already loaded; undefined while its chunk is still to come. */
export function getLoadedWeb3Icon(source: Web3IconSource): Web3Icon | undefined {
  return isLoader(source) ? loaded.get(source) : source
}

/**
 * Loads the logo's chunk once (later calls share the first load) and resolves its component; undefined when the
 * chunk cannot be fetched (offline, a stale deployment), so the caller keeps its placeholder.
 */
export function loadWeb3Icon(source: Web3IconSource): Promise<Web3Icon | undefined> {
  if (!isLoader(source)) return Promise.resolve(source)
  const started = loading.get(source)
  if (started !== undefined) return started
  const load = source.load().then(
    (module) => {
      loaded.set(source, module.default)
      return module.default
    },
    (_error: unknown) => {
      loading.delete(source)
      return undefined
    },
  )
  loading.set(source, load)
  return load
}
