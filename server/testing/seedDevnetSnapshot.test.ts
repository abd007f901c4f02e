import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { computeDevnetVersion } from '../../devnet/computeDevnetVersion'
import { seedDevnetSnapshot } from './seedDevnetSnapshot'

const dirs: string[] = []
const tempDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'seed-devnet-'))
  dirs.push(dir)
  return dir
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})

describe('seedDevnetSnapshot', () => {
  it("copies the cache's snapshot of this version without its live states, once", async () => {
    const cache = await tempDir()
    const version = computeDevnetVersion('small')
    const shared = path.join(cache, 'devnet', version)
    await mkdir(path.join(shared, 'live'), { recursive: true })
    await writeFile(path.join(shared, 'manifest.json'), '{"chains":[]}')
    await writeFile(path.join(shared, 'chain-1.json'), 'state')
    await writeFile(path.join(shared, 'live', 'chain-1.json'), 'live state')
    const dataDir = await tempDir()

    expect(await seedDevnetSnapshot(dataDir, cache)).toBe(true)
    const target = path.join(dataDir, 'devnet', version)
    expect((await readdir(target)).sort()).toEqual(['chain-1.json', 'manifest.json'])
    expect(await readFile(path.join(target, 'chain-1.json'), 'utf8')).toBe('state')
    expect(await readdir(path.join(dataDir, 'devnet'))).toEqual([version])

    await writeFile(path.join(shared, 'chain-1.json'), 'newer state')
    expect(await seedDevnetSnapshot(dataDir, cache)).toBe(false)
    expect(await readFile(path.join(target, 'chain-1.json'), 'utf8')).toBe('state')
  })

  it('copies nothing from a cache without a snapshot of this version', async () => {
    const cache = await tempDir()
    await mkdir(path.join(cache, 'devnet', 'another-version'), { recursive: true })
    await writeFile(path.join(cache, 'devnet', 'another-version', 'manifest.json'), '{"chains":[]}')
    const dataDir = await tempDir()
    expect(await seedDevnetSnapshot(dataDir, cache)).toBe(false)
    expect(await readdir(dataDir)).toEqual([])
  })
})
