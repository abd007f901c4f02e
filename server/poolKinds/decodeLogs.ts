import {
  type Abi,
  type AbiEvent,
  type AbiParameter,
  decodeAbiParameters,
  type Hex,
  type Log,
  type ParseEventLogsReturnType,
  toEventSelector,
} from 'viem'

interface EventDecoder {
  event: AbiEvent
  indexed: readonly AbiParameter[]
  plain: readonly AbiParameter[]
}

/** Each ABI's events by their topic 0, hashed once (viem's `parseEventLogs` hashes every event for every log). */
const decodersOf = new WeakMap<Abi, Map<Hex, EventDecoder>>()

function decodersFor(abi: Abi): Map<Hex, EventDecoder> {
  let found = decodersOf.get(abi)
  if (!found) {
    found = new Map()
    for (const item of abi) {
      if (item.type !== 'event' || item.anonymous) continue
      found.set(toEventSelector(item), {
        event: item,
        indexed: item.inputs.filter((input) => input.indexed),
        plain: item.inputs.filter((input) => !input.indexed),
      })
    }
    decodersOf.set(abi, found)
  }
  return found
}

/** Types an indexed topic holds as their hash rather than their value. */
const isHashedInTopic = (type: string) =>
  type === 'string' || type === 'bytes' || type.endsWith(']') || type.startsWith('tuple')

/**
 * The logs of `abi`'s events among `logs`, decoded as viem's `parseEventLogs` with `strict: true` decodes them
 * (`eventName`, `args` by name; a log whose topics or data do not fit its event is left out), in their order. For
 * the per-block pool logs: the events' selectors are hashed once per ABI, not once per event and log.
 */
export function decodeLogs<const abi extends Abi>(
  abi: abi,
  logs: readonly Log[],
): ParseEventLogsReturnType<abi, undefined, true> {
  const decoders = decodersFor(abi)
  const decoded: unknown[] = []
  for (const log of logs) {
    const [selector, ...topics] = log.topics
    const decoder = selector === undefined ? undefined : decoders.get(selector)
    if (!decoder || topics.length !== decoder.indexed.length) continue
    const args: Record<string, unknown> = {}
    try {
      for (const [i, input] of decoder.indexed.entries()) {
        const topic = topics[i] as Hex
        args[input.name ?? String(i)] = isHashedInTopic(input.type)
          ? topic
          : decodeAbiParameters([input], topic)[0]
      }
      const values = decoder.plain.length > 0 ? decodeAbiParameters(decoder.plain, log.data) : []
      for (const [i, input] of decoder.plain.entries()) args[input.name ?? String(i)] = values[i]
    } catch {
      continue
    }
    decoded.push({ ...log, eventName: decoder.event.name, args })
  }
  return decoded as ParseEventLogsReturnType<abi, undefined, true>
}
