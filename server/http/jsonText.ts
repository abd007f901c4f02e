import type { Context, TypedResponse } from 'hono'
import type { JSONParsed } from 'hono/utils/types'

declare const jsonOf: unique symbol

/**
 * The JSON text of a `T`, made by `toJsonText`: an answer serialized where it was computed is composed as text
 * (quotes joined, estimates appended) and written as is, with its type intact.
 */
export type JsonText<T> = string & { readonly [jsonOf]: T }

/**
 * The UTF-8 bytes of a `JsonText<T>` (`encodeJsonText`): a routing worker's answer crosses to the event loop by
 * transferring its buffer (no copy, and no string on the event loop's heap, where answers held until written
 * would be promoted to the old generation) and is written to the socket as is.
 */
export type JsonBytes<T> = Uint8Array<ArrayBuffer> & { readonly [jsonOf]: T }

/** The UTF-8 bytes of a `JsonText<T>` in any memory: `JsonBytes<T>`, or a view of shared memory (`LentJson`). */
export type JsonBytesView<T> = Uint8Array & { readonly [jsonOf]: T }

/** `JSON.stringify(value)`, typed as the JSON of a `T`. */
export function toJsonText<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/** `text` in UTF-8, in a buffer of its own (transferable to another thread). */
export function encodeJsonText<T>(text: JsonText<T>): JsonBytes<T> {
  return encoder.encode(text) as JsonBytes<T>
}

/** The text of `bytes` (`encodeJsonText` undone). */
export function decodeJsonBytes<T>(bytes: JsonBytesView<T>): JsonText<T> {
  return decoder.decode(bytes) as JsonText<T>
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
 * JSON bytes lent by whoever made them until they are written (see `routingPool/answerRing.ts`): `release` gives
 * them back; after it they may be overwritten.
 */
export interface LentJson<T> {
  readonly bytes: JsonBytesView<T>
  release(): void
}

/** `bytes` as a loan that owes nothing back (bytes of their own). */
export function lendJsonBytes<T>(bytes: JsonBytes<T>): LentJson<T> {
  return { bytes, release: () => {} }
}

/** What the Node.js server adapter binds to a request: the response its answer is written to. */
interface NodeBindings {
  outgoing?: { readonly destroyed: boolean; once(event: 'close', listener: () => void): unknown }
}

/**
 * The 200 answer of `lent` (as `respondJsonText`), its bytes released once the response is closed: written to
 * the socket, or the socket gone (at once when it is gone already: nothing will be written). Without a Node.js
 * response to watch (a `fetch` of the app in-process) the bytes are copied and released at once.
 */
export function respondLentJson<T>(c: Context, lent: LentJson<T>) {
  const outgoing = (c.env as NodeBindings | undefined)?.outgoing
  if (!outgoing) {
    const copy = lent.bytes.slice() as JsonBytesView<T>
    lent.release()
    return respondJsonText(c, copy)
  }
  if (outgoing.destroyed) lent.release()
  else outgoing.once('close', () => lent.release())
  return respondJsonText(c, lent.bytes)
}

/**
 * A 200 JSON answer of already serialized `json` (text or bytes): the same response and client type as
 * `c.json(value, 200)` without serializing on the event loop again.
 */
export function respondJsonText<T>(
  c: Context,
  json: JsonText<T> | JsonBytesView<T>,
): Response & TypedResponse<JSONParsed<T>, 200, 'json'> {
  // Hono's body types name ArrayBuffer-backed arrays only; node-server writes any Uint8Array as it is
  const response: Response = c.body(json as JsonText<T> | JsonBytes<T>, 200, {
    'Content-Type': 'application/json',
  })
  return response as Response & TypedResponse<JSONParsed<T>, 200, 'json'>
}
