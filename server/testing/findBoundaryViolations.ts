import { readModuleFacts, relativeTarget, resolveRepoImport } from './readModuleFacts'

/** Folders whose code must stay pure (no I/O, clock or environment), directly and through what it imports. */
export const pureFolders: readonly string[] = ['server/routing/', 'server/poolKinds/', 'server/thorchain/']

/** Repository modules that do I/O or hold process state: pure code must not reach them. */
const impureRepoPrefixes = [
  'server/store/',
  'server/market/',
  'server/pools/',
  'devnet/',
  'server/routes/',
  'server/logger.ts',
  'server/config.ts',
  'server/chains/readFromNode.ts',
]

/** viem's entry points and names that talk to a node. */
const viemIoNames = new Set(['createPublicClient', 'createWalletClient', 'createTestClient', 'createClient'])
const viemIoNamesTransports = new Set(['http', 'webSocket', 'fallback', 'custom', 'ipc'])
const impurePackages = [/^node:/, /^viem\/actions/, /^pg$/, /^@electric-sql\//, /^drizzle-orm/]
const impureGlobals = new Set([
  'fetch',
  'process',
  'setTimeout',
  'setInterval',
  'XMLHttpRequest',
  'WebSocket',
  // read as the property access `Date.now`, never as an identifier
  'Date.now',
])

export interface BoundaryViolation {
  file: string
  rule:
    | 'pure-io'
    | 'server-imports-devnet'
    | 'web-imports-server'
    | 'feature-internals'
    | 'component-imports-feature'
  message: string
}

/**
 * Checks the module boundaries of the repository over `sources` (repo-relative path -> source text):
 * code under `pureFolders`, and every module it imports at run time, does no I/O (node built-ins,
 * viem clients and transports, the database, the logger, config, `fetch`, timers, `process`); product code
 * under `server/` imports nothing from `devnet/` (tests and `server/testing/` may); the web app imports only
 * types from `server/` and `devnet/`; a web feature is imported from outside only through its
 * `index.ts`; shared web components import no feature. Returns every violation, none when clean.
 */
export function findBoundaryViolations(sources: ReadonlyMap<string, string>): BoundaryViolation[] {
  const facts = new Map<string, ReturnType<typeof readModuleFacts>>()
  const factsOf = (file: string) => {
    let found = facts.get(file)
    if (found === undefined) {
      found = readModuleFacts(file, sources.get(file) ?? '', impureGlobals)
      facts.set(file, found)
    }
    return found
  }
  const violations: BoundaryViolation[] = []

  const pureQueue = [...sources.keys()].filter((file) =>
    pureFolders.some((folder) => file.startsWith(folder)),
  )
  const seen = new Set<string>()
  while (pureQueue.length > 0) {
    const file = pureQueue.pop()
    if (file === undefined || seen.has(file)) continue
    seen.add(file)
    const { imports, globals } = factsOf(file)
    for (const name of globals) {
      violations.push({ file, rule: 'pure-io', message: `pure code uses the global \`${name}\`` })
    }
    for (const fact of imports) {
      if (fact.typeOnly) continue
      const target = resolveRepoImport(file, fact.specifier, sources)
      if (target === undefined) {
        if (impurePackages.some((pattern) => pattern.test(fact.specifier))) {
          violations.push({ file, rule: 'pure-io', message: `pure code imports ${fact.specifier}` })
        }
        if (fact.specifier === 'viem') {
          for (const name of fact.names.filter((n) => viemIoNames.has(n) || viemIoNamesTransports.has(n))) {
            violations.push({ file, rule: 'pure-io', message: `pure code imports viem's ${name}` })
          }
        }
        continue
      }
      if (impureRepoPrefixes.some((prefix) => target.startsWith(prefix))) {
        violations.push({ file, rule: 'pure-io', message: `pure code imports ${target}` })
        continue
      }
      pureQueue.push(target)
    }
  }

  // The server knows its network only through `NetworkProfile`; its tests and test harnesses may use the devnet.
  for (const file of sources.keys()) {
    if (!file.startsWith('server/') || file.startsWith('server/testing/') || /\.test\.tsx?$/.test(file))
      continue
    for (const fact of factsOf(file).imports) {
      const target = resolveRepoImport(file, fact.specifier, sources) ?? relativeTarget(file, fact.specifier)
      if (target?.startsWith('devnet/')) {
        violations.push({ file, rule: 'server-imports-devnet', message: `imports ${target}` })
      }
    }
  }

  for (const file of sources.keys()) {
    if (!file.startsWith('web/')) continue
    const ownFeature = featureOf(file)
    for (const fact of factsOf(file).imports) {
      const target = resolveRepoImport(file, fact.specifier, sources) ?? relativeTarget(file, fact.specifier)
      if (target === undefined) continue
      if ((target.startsWith('server/') || target.startsWith('devnet/')) && !fact.typeOnly) {
        violations.push({ file, rule: 'web-imports-server', message: `imports ${target} at run time` })
      }
      const feature = featureOf(target)
      if (feature === undefined || feature === ownFeature) continue
      if (file.startsWith('web/components/')) {
        violations.push({
          file,
          rule: 'component-imports-feature',
          message: `imports the feature ${feature}`,
        })
      } else if (!/^web\/features\/[^/]+\/index\.tsx?$/.test(target)) {
        violations.push({ file, rule: 'feature-internals', message: `imports ${target} (use its index.ts)` })
      }
    }
  }
  return violations
}

function featureOf(file: string): string | undefined {
  return /^web\/features\/([^/]+)\//.exec(file)?.[1]
}
