import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './isDatabaseUnavailable'

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code })
const wrapped = (cause: Error) => new Error('Failed query: select 1', { cause })

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a closed embedded database', wrapped(new Error('PGlite is closed'))],
    ['a refused connection', wrapped(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['an administrator shutdown', wrapped(withCode('terminating connection', '57P01'))],
    ['a connection exception', withCode('connection failure', '08006')],
    ['too many connections', withCode('sorry, too many clients already', '53300')],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true)
  })

  it.each([
    ['a unique violation', wrapped(withCode('duplicate key value', '23505'))],
    ['a syntax error', withCode('syntax error at or near', '42601')],
    ['a plain error', new Error('boom')],
    ['a non-error', 'ECONNREFUSED'],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false)
  })
})
