import { existsSync } from 'node:fs'
import { cp, mkdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { computeDevnetVersion } from '../../devnet/computeDevnetVersion'
import { sharedDevnetDataDir } from './sharedDevnetDataDir'

/**
 * Test support: gives the data directory of an `npm start` (`DATA_DIR`) the small market's deploy snapshot from
 * the cache the test files share (`sharedDevnetDataDir`), so its devnet loads in seconds instead of deploying
 * every chain. Copies nothing when `dataDir` has the snapshot already, or the cache has none of this version or
 * loses it while copied (checkouts of other versions share the cache): the server then deploys as on a first
 * run. Never copies the cache's saved live chain states. Resolves to whether it copied. `cacheDir` is for tests.
 */
export async function seedDevnetSnapshot(dataDir: string, cacheDir = sharedDevnetDataDir): Promise<boolean> {
  const version = computeDevnetVersion('small')
  const shared = path.join(cacheDir, 'devnet', version)
  const target = path.join(dataDir, 'devnet', version)
  if (existsSync(path.join(target, 'manifest.json'))) return false
  if (!existsSync(path.join(shared, 'manifest.json'))) return false
  // copied aside and renamed into place: a copy cut short must not look like a snapshot to the server
  const copying = `${target}.seeding-${process.pid}`
  try {
    await mkdir(path.dirname(target), { recursive: true })
    await cp(shared, copying, {
      recursive: true,
      filter: (source) => !source.includes(`${path.sep}live`),
    })
    if (!existsSync(path.join(copying, 'manifest.json'))) return false
    await rm(target, { recursive: true, force: true })
    await rename(copying, target)
    return true
  } catch {
    return false
  } finally {
    await rm(copying, { recursive: true, force: true })
  }
}
