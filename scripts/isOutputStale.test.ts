import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getNewestMtimeMs, isOutputStale } from './isOutputStale'

let dir: string

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'stale-'))
  await mkdir(path.join(dir, 'src', 'nested'), { recursive: true })
  await mkdir(path.join(dir, 'src', 'node_modules'))
  await writeFile(path.join(dir, 'src', 'a.ts'), 'a')
  await writeFile(path.join(dir, 'src', 'nested', 'b.ts'), 'b')
  await writeFile(path.join(dir, 'src', 'node_modules', 'c.js'), 'c')
  await writeFile(path.join(dir, 'out.js'), 'out')
  const at = (file: string, sec: number) => utimes(path.join(dir, file), sec, sec)
  await at('src/a.ts', 1_000)
  await at('src/nested/b.ts', 2_000)
  await at('src/node_modules/c.js', 9_000)
  await at('out.js', 2_000)
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('isOutputStale', () => {
  it('finds the newest source file, ignoring node_modules and missing paths', async () => {
    expect(await getNewestMtimeMs([path.join(dir, 'src'), path.join(dir, 'missing')])).toBe(2_000_000)
    expect(await getNewestMtimeMs([path.join(dir, 'missing')])).toBe(0)
  })

  it('is fresh when the output is as new as the newest source, stale one second later', async () => {
    const params = { output: path.join(dir, 'out.js'), sources: [path.join(dir, 'src')] }
    expect(await isOutputStale(params)).toBe(false)
    await utimes(path.join(dir, 'src', 'a.ts'), 2_001, 2_001)
    expect(await isOutputStale(params)).toBe(true)
  })

  it('is stale when the output is missing', async () => {
    expect(await isOutputStale({ output: path.join(dir, 'none.js'), sources: [path.join(dir, 'src')] })).toBe(
      true,
    )
  })
})
