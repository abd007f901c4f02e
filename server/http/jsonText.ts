import type { Context, TypedResponse } from 'hono'
import type { JSONParsed } from 'hono/utils/types'

declare const jsonOf: unique symbol

/**
 * The JSON text of a `T`, made by `toJsonText`: an answer serialized where it was computed (a routing worker
 * thread) crosses to the event loop as one string and is written as is, with its type intact.
 */
export type JsonText<T> = string & { readonly [jsonOf]: T }

/** `JSON.stringify(value)`, typed as the JSON of a `T`. */
export function toJsonText<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>
}

/** The JSON array of `items`, in order. */
export function joinJsonArray<T>(items: readonly JsonText<T>[]): JsonText<T[]> {
  return `[${items.join(',')}]` as JsonText<T[]>
}

/**
 * The JSON text of `{ ...object, ...fields }` for two JSON objects with no key in common: `fields`' members
 * after `object`'s, as `JSON.stringify` of the spread would write them.
 */
export function appendJsonFields<T extends object, U extends object>(
  object: JsonText<T>,
  fields: JsonText<U>,
): JsonText<T & U> {
  if (fields === '{}') return object as string as JsonText<T & U>
  if (object === '{}') return fields as string as JsonText<T & U>
  return `${object.slice(0, -1)},${fields.slice(1)}` as JsonText<T & U>
}

/**
 * A 200 JSON answer of already serialized `text`: the same response and client type as `c.json(value, 200)`
 * without serializing on the event loop again.
 */
export function respondJsonText<T>(
  c: Context,
  text: JsonText<T>,
): Response & TypedResponse<JSONParsed<T>, 200, 'json'> {
  const response: Response = c.body(text, 200, { 'Content-Type': 'application/json' })
  return response as Response & TypedResponse<JSONParsed<T>, 200, 'json'>
}
