import { describe, expect, it } from 'vitest'
import { AppError } from '../errors'
import { readFromNode } from './readFromNode'

describe('readFromNode', () => {
  it('returns what the read resolves to', async () => {
    expect(await readFromNode('the gas price', async () => 7n)).toBe(7n)
  })

  it('turns a failed read into 503 UPSTREAM_UNAVAILABLE naming it, with the cause attached', async () => {
    const cause = new Error('fetch failed')
    const error = await readFromNode('the gas price', () => Promise.reject(cause)).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
      status: 503,
      message: 'Could not read the gas price from the chain node',
      cause,
    })
  })
})
