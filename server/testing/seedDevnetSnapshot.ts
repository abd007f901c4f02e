import { existsSync } from 'node:fs'
import { cp } from 'node:fs/promises'
import path from 'node:path'
import { computeDevnetVersion } from '../devnet/computeDevnetVersion'
import { sharedDevnetDataDir } from './devnetHarness'

/**
 * Test support: gives the data directory of an `npm start` (`DATA_DIR`) the small market's deploy snapshot from
 * the cache the test files share (`sharedDevnetDataDir`), so its devnet loads in seconds instead of deploying
 * every chain. Copies nothing when `dataDir` has the snapshot already or the cache has none (the server then
 * deploys as on a first run); never the cache's saved live chain states. Resolves to whether it copied.
 */
export async function seedDevnetSnapshot(dataDir: string): Promise<boolean> {
  const version = computeDevnetVersion('small')
  const shared = path.join(sharedDevnetDataDir, 'devnet', version)
  const target = path.join(dataDir, 'devnet', version)
  if (existsSync(path.join(target, 'manifest.json'))) return false
  if (!existsSync(path.join(shared, 'manifest.json'))) return false
  await cp(shared, target, {
    recursive: true,
    filter: (source) => !source.includes(`${path.sep}live`),
  })
  return true
}
