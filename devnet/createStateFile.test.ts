import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStateFile } from './createStateFile'

describe('createStateFile', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'state-file-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('has nothing before the first save, then keeps bigints exactly across saves in order', async () => {
    const file = createStateFile<{ amount: bigint; note: string }>(path.join(dir, 'a', 'state.json'), 'it')
    expect(await file.read()).toBeUndefined()
    void file.save({ amount: 1n, note: 'first' })
    await file.save({ amount: 2n ** 70n, note: 'second' })
    expect(await file.read()).toEqual({ amount: 2n ** 70n, note: 'second' })
  })

  it('writes nothing when the state is the one it last saved', async () => {
    const where = path.join(dir, 'same.json')
    const file = createStateFile<{ cursor: number }>(where, 'it')
    await file.save({ cursor: 7 })
    await writeFile(where, '{"cursor":1}')
    await file.save({ cursor: 7 })
    expect(await readFile(where, 'utf8')).toBe('{"cursor":1}')
    await file.save({ cursor: 8 })
    expect(await file.read()).toEqual({ cursor: 8 })
  })

  it('names a damaged file', async () => {
    const damaged = path.join(dir, 'damaged.json')
    await writeFile(damaged, '{"amount": ')
    await expect(createStateFile(damaged, 'this chain').read()).rejects.toThrow(`${damaged} is damaged`)
  })
})
