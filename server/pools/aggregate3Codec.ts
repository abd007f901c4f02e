import type { Address, Hex } from 'viem'

/** `aggregate3((address,bool,bytes)[])`'s selector. */
const AGGREGATE3_SELECTOR = '0x82ad56cb'

/** One call of Multicall3's `aggregate3`. */
export interface Aggregate3Call {
  target: Address
  allowFailure: boolean
  callData: Hex
}

/** One result of `aggregate3`. */
export interface Aggregate3Result {
  success: boolean
  returnData: Hex
}

const word = (n: number) => n.toString(16).padStart(64, '0')

/**
 * The calldata of `aggregate3(calls)`, ABI-encoded by hand: the same bytes as viem's `encodeFunctionData`, in a
 * fraction of its time (thousands of calls a request: viem checks, pads and concatenates each value apart).
 */
export function encodeAggregate3(calls: readonly Aggregate3Call[]): Hex {
  const heads: string[] = []
  const tails: string[] = []
  let offset = calls.length * 32
  for (const call of calls) {
    heads.push(word(offset))
    const data = call.callData.slice(2)
    const padded = data.padEnd(Math.ceil(data.length / 64) * 64, '0')
    tails.push(
      call.target.slice(2).toLowerCase().padStart(64, '0'),
      word(call.allowFailure ? 1 : 0),
      word(96),
      word(data.length / 2),
      padded,
    )
    offset += 128 + padded.length / 2
  }
  return `${AGGREGATE3_SELECTOR}${word(32)}${word(calls.length)}${heads.join('')}${tails.join('')}` as Hex
}

/**
 * The results an `aggregate3` call returned (its ABI-encoded `(bool,bytes)[]`), decoded by hand: what viem's
 * `decodeFunctionResult` gives, without turning the whole answer into bytes first. Throws on a malformed answer.
 */
export function decodeAggregate3(answer: Hex): Aggregate3Result[] {
  const hex = answer.slice(2)
  const at = (byte: number) => {
    const value = Number.parseInt(hex.slice(byte * 2, byte * 2 + 64), 16)
    if (!Number.isSafeInteger(value)) throw new Error(`malformed aggregate3 answer at byte ${byte}`)
    return value
  }
  const array = at(0)
  const count = at(array)
  const base = array + 32
  const results: Aggregate3Result[] = []
  for (let i = 0; i < count; i++) {
    const tuple = base + at(base + 32 * i)
    const success = at(tuple) === 1
    const bytes = tuple + at(tuple + 32)
    const length = at(bytes)
    const start = (bytes + 32) * 2
    if (start + length * 2 > hex.length) throw new Error(`malformed aggregate3 answer: result ${i} is cut`)
    results.push({ success, returnData: `0x${hex.slice(start, start + length * 2)}` })
  }
  return results
}
