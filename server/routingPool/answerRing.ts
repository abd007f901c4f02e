import type { JsonText, LentJson } from '../http/jsonText'

/**
 * The memory of one worker's answer ring, shared by both threads: the answers' bytes, and how far the event loop
 * has released them (a position, see `RingRegion`).
 */
export interface AnswerRingMemory {
  readonly bytes: SharedArrayBuffer
  readonly released: SharedArrayBuffer
}

/**
 * Where the worker wrote one answer: `length` bytes at `offset` of the ring, and the ring's position after them
 * (positions count bytes written since the ring was made, modulo 2^32; `offset` is `end - length` modulo the
 * ring's size, or 0 when the answer did not fit before the ring's end and starts over).
 */
export interface RingRegion {
  readonly offset: number
  readonly length: number
  readonly end: number
}

/** Bytes of a ring, enough for a few hundred answers in flight (a `quote/single` answer is 10-40 KB). */
export const ANSWER_RING_BYTES = 4 * 1024 * 1024

const encoder = new TextEncoder()

/**
 * The event loop's side of an answer ring: a routing worker writes each answer's UTF-8 into shared memory
 * (`createAnswerRingWriter`) and posts only where, and the event loop writes the answer to its socket from there.
 * No buffer per answer crosses the threads: each one would count as external memory of the event loop, whose
 * growth (about 50 MB/s at 3,500 answers a second) starts a full collection every second or so.
 * `lend` takes the regions in the order the worker wrote them (the order its messages arrive); each is the
 * worker's to overwrite again once released and every region written before it was too. `size` is a power of
 * two.
 */
export function createAnswerRing(size = ANSWER_RING_BYTES) {
  if (!Number.isInteger(Math.log2(size))) throw new Error(`answer ring size ${size} is not a power of two`)
  const memory: AnswerRingMemory = {
    bytes: new SharedArrayBuffer(size),
    released: new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT),
  }
  const bytes = new Uint8Array(memory.bytes)
  const released = new Int32Array(memory.released)
  /** Regions lent and not yet given back to the worker, oldest first. */
  const lent: { end: number; done: boolean }[] = []

  return {
    memory,
    /** The answer at `region`, lent until its `release` (called once its bytes are written; again is a no-op). */
    lend<T>(region: RingRegion): LentJson<T> {
      const entry = { end: region.end, done: false }
      lent.push(entry)
      return {
        bytes: bytes.subarray(region.offset, region.offset + region.length) as LentJson<T>['bytes'],
        release() {
          if (entry.done) return
          entry.done = true
          for (let oldest = lent[0]; oldest?.done; oldest = lent[0]) {
            lent.shift()
            Atomics.store(released, 0, oldest.end | 0)
          }
        },
      }
    },
  }
}

/**
 * The routing worker's side of an answer ring (see `createAnswerRing`): `write` puts a text's UTF-8 into the
 * ring where the event loop has released room for it, never across the ring's end, and says where; undefined
 * when there is no room for it now (the answer then crosses as a buffer of its own).
 */
export function createAnswerRingWriter(memory: AnswerRingMemory) {
  const bytes = new Uint8Array(memory.bytes)
  const released = new Int32Array(memory.released)
  const size = bytes.length
  let head = 0
  return {
    write<T>(text: JsonText<T>): RingRegion | undefined {
      const used = (head - (Atomics.load(released, 0) >>> 0)) >>> 0
      const at = head & (size - 1)
      const room = size - at
      // UTF-8 takes at least a byte per UTF-16 unit: a text longer than the room left before the end starts over
      const skip = text.length > room ? room : 0
      const available = skip ? size - used - room : Math.min(size - used, room)
      if (available < text.length) return undefined
      const offset = skip ? 0 : at
      const { read, written } = encoder.encodeInto(text, bytes.subarray(offset, offset + available))
      if (read < text.length) return undefined
      head = (head + skip + written) >>> 0
      return { offset, length: written, end: head }
    },
  }
}
