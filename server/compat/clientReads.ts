import { expect } from 'vitest'

/*
 * How the compatible API's clients read answers, for the tests that replay them: a success must carry neither
 * `error` nor `message` (one client fails on either), and fields are read loosely, as untyped JSON.
 */

export type Json = Record<string, unknown>

export function isJsonObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The answer as a client that fails on `error` or `message` in a success reads it. */
export function expectClientSuccess(value: unknown): Json {
  if (!isJsonObject(value)) throw new Error(`expected a JSON object, got ${JSON.stringify(value)}`)
  expect(Object.keys(value)).not.toContain('error')
  expect(Object.keys(value)).not.toContain('message')
  return value
}

/** `object[key]` of any JSON value, undefined where it is no object. */
export function field(object: unknown, key: string): unknown {
  return isJsonObject(object) ? object[key] : undefined
}
