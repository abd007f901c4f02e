import type { Hash } from 'viem'
import { describe, expect, it } from 'vitest'
import { createBlockMemo } from './createBlockMemo'

const block = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hash

describe('createBlockMemo', () => {
  it('reads a key once per block, in flight and settled alike', async () => {
    const memo = createBlockMemo<number>(8)
    let reads = 0
    const read = () => Promise.resolve(++reads)
    const [a, b] = await Promise.all([memo.read(block(1), 'k', read), memo.read(block(1), 'k', read)])
    expect([a, b, await memo.read(block(1), 'k', read)]).toEqual([1, 1, 1])
    expect(await memo.read(block(1), 'other', read)).toBe(2)
    expect(await memo.read(block(2), 'k', read)).toBe(3)
    expect(reads).toBe(3)
  })

  it('forgets a read that rejects, so the next caller reads again', async () => {
    const memo = createBlockMemo<string>(8)
    await expect(memo.read(block(1), 'k', () => Promise.reject(new Error('node down')))).rejects.toThrow(
      'node down',
    )
    expect(await memo.read(block(1), 'k', () => Promise.resolve('up'))).toBe('up')
    expect(await memo.read(block(1), 'k', () => Promise.resolve('again'))).toBe('up')
  })

  it('keeps the most recently asked blocks and keys only', async () => {
    const memo = createBlockMemo<string>(2, 2)
    const value = (v: string) => () => Promise.resolve(v)
    await memo.read(block(1), 'a', value('1a'))
    await memo.read(block(2), 'a', value('2a'))
    await memo.read(block(1), 'a', value('unread'))
    await memo.read(block(3), 'a', value('3a')) // block 2 is the least recently asked: dropped
    expect(await memo.read(block(1), 'a', value('again'))).toBe('1a')
    expect(await memo.read(block(2), 'a', value('2a again'))).toBe('2a again')

    await memo.read(block(2), 'b', value('2b'))
    await memo.read(block(2), 'c', value('2c')) // two keys a block: 'a' goes
    expect(await memo.read(block(2), 'b', value('not read'))).toBe('2b')
    expect(await memo.read(block(2), 'a', value('a read again'))).toBe('a read again')
  })
})
