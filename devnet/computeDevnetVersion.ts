import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { DevnetMarket } from './largeMarket'

const devnetDir = path.dirname(fileURLToPath(import.meta.url))
const repoDir = path.resolve(devnetDir, '..')

/** Bump to force a fresh deployment when something outside the hashed files changes the result. */
export const devnetDeployCodeVersion = 2

/** The modules that deploy the devnet: every file they import at run time keys the snapshot. */
const deployEntries = ['devnet/deployChain.ts', 'devnet/bridges/connectDevnetBridges.ts']

const runtimeImport =
  /(?:^|\n)\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

/** A scoped package named in a string (the bytecode the deploy code reads from npm artifacts by path). */
const packagePathLiteral = /['"`](@[\w.-]+\/[\w.-]+)\//g

/**
 * The files and packages the devnet's deploy code runs: repository files reached from `deployEntries` through
 * run-time imports (static, re-exports and dynamic; `import type` is skipped), as repo-relative paths, and the
 * npm packages they import or name by path (artifacts read from npm), as `name@version`. Both sorted. Reads
 * files synchronously.
 */
export function listDeployInputs(): { files: string[]; packages: string[] } {
  const files = new Set<string>()
  const packages = new Set<string>()
  const queue = [...deployEntries]
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (files.has(file)) continue
    files.add(file)
    const source = readFileSync(path.join(repoDir, file), 'utf8')
    for (const match of source.matchAll(runtimeImport)) {
      const specifier = match[1] ?? match[2] ?? ''
      if (specifier.startsWith('.')) {
        const target = resolveModule(path.posix.join(path.posix.dirname(file), specifier))
        if (target !== undefined) queue.push(target)
      } else if (!specifier.startsWith('node:')) {
        const name = specifier
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/')
        packages.add(`${name}@${readPackageVersion(name)}`)
      }
    }
    for (const [, name = ''] of source.matchAll(packagePathLiteral)) {
      if (isFile(path.join('node_modules', name, 'package.json')))
        packages.add(`${name}@${readPackageVersion(name)}`)
    }
  }
  return { files: [...files].sort(), packages: [...packages].sort() }
}

function resolveModule(base: string): string | undefined {
  return ['.ts', '.tsx', '/index.ts', ''].map((ext) => base + ext).find((file) => isFile(file))
}

function isFile(file: string): boolean {
  try {
    return statSync(path.join(repoDir, file)).isFile()
  } catch {
    return false
  }
}

/**
 * The snapshot key of the devnet: the first 16 hex digits of a SHA-256 over the deploy code version,
 * the anvil package version (its state format), and the contents and package versions of
 * `listDeployInputs`; for any market but `small`, the market's name, hashed and prefixed
 * (`large-<hex>`), so each market keeps its own snapshot and pruning one never removes the other's.
 * Reads files synchronously; throws only on I/O errors other than ENOENT.
 */
export function computeDevnetVersion(market: DevnetMarket = 'small'): string {
  const hash = createHash('sha256')
  hash.update(`deploy-code:${devnetDeployCodeVersion}\n`)
  if (market !== 'small') hash.update(`market:${market}\n`)
  hash.update(`anvil:${readPackageVersion('@foundry-rs/anvil')}\n`)
  const inputs = listDeployInputs()
  for (const name of inputs.packages) hash.update(`${name}\n`)
  for (const file of inputs.files) {
    hash.update(`${file}\n`)
    hash.update(readFileSync(path.join(repoDir, file)))
    hash.update('\n')
  }
  const digest = hash.digest('hex').slice(0, 16)
  return market === 'small' ? digest : `${market}-${digest}`
}

function readPackageVersion(name: string): string {
  const pkg: unknown = JSON.parse(
    readFileSync(path.join(repoDir, 'node_modules', name, 'package.json'), 'utf8'),
  )
  return typeof pkg === 'object' && pkg !== null && 'version' in pkg ? String(pkg.version) : 'unknown'
}
