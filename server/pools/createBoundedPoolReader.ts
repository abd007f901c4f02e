import {
  type Abi,
  type AbiFunction,
  type Address,
  concatHex,
  decodeAbiParameters,
  decodeFunctionResult,
  encodeAbiParameters,
  encodeFunctionData,
  formatLog,
  type Hex,
  type Log,
  numberToHex,
  type PublicClient,
  toFunctionSelector,
} from 'viem'
import type { PoolReader } from '../poolKinds/PoolKind'
import { decodeAggregate3, encodeAggregate3 } from './aggregate3Codec'

/** What the bounded reader asks of a node: Multicall3's `aggregate3` (an `eth_call`), and logs. */
export type PoolNodeClient = Pick<PublicClient, 'getContractEvents' | 'request'>

export interface BoundedPoolReaderOptions {
  /** Sub-calls in one `eth_call` of Multicall3. */
  callsPerRequest?: number
  /** `eth_call`s in flight at once, per reader. */
  concurrency?: number
  /** Further tries of a failed request, after 0.5 s, 1 s, 2 s... */
  retries?: number
  /** Most blocks one `eth_getLogs` asks for (hosted nodes refuse more than a few thousand). */
  logRangeBlocks?: number
  /** Waits between tries (injected by tests). */
  sleep?: (ms: number) => Promise<void>
}

/**
 * Defaults sized for a node under load: 1,000 light reads an `eth_call`, 4 at a time, 4 retries; log queries of
 * at most 2,000 blocks (what hosted nodes accept; a refused range is halved).
 */
const DEFAULTS = { callsPerRequest: 1_000, concurrency: 4, retries: 4, logRangeBlocks: 2_000 }

type MulticallArgs = Parameters<PoolReader['multicall']>[0]

/** A pool reader, and raw logs by topic 0 (any contract's; not decoded), in spans a node accepts. */
export interface BoundedPoolReader extends PoolReader {
  getLogsByTopic(args: {
    /** Emitters to ask for (the node filters); any contract's when omitted. */
    addresses?: readonly Address[]
    topic0s: readonly Hex[]
    fromBlock: bigint
    toBlock: bigint
    /** Called as each span is answered, with its last block (a first load reports its progress by it). */
    onSpan?: (toBlock: bigint) => void
  }): Promise<Log[]>
}

/**
 * A pool reader whose multicalls a node accepts at any size: the calls are cut into requests of
 * `callsPerRequest`, at most `concurrency` in flight, each retried with backoff. viem's own multicall sends every
 * chunk at once; at thousands of pools (a million tick-bitmap reads) that flood timed out and failed the whole load.
 * Each request is one `eth_call` of `aggregate3` encoded and decoded by `aggregate3Codec` (viem's codec took 21 ms of
 * this thread for 1,000 tick-bitmap reads, this one about 10 with the request). Results keep the calls' order. Its
 * log queries likewise: a block range is asked in spans of at most
 * `logRangeBlocks`; a span the node refuses (too many blocks or too many logs) is halved and asked again, down to
 * one block, which is retried with backoff; after a span is answered the next may be twice as long again. Logs
 * keep block order.
 */
export function createBoundedPoolReader(
  reader: PoolNodeClient,
  options: BoundedPoolReaderOptions = {},
): BoundedPoolReader {
  const { callsPerRequest, concurrency, retries, logRangeBlocks } = { ...DEFAULTS, ...options }
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  let active = 0
  const waiting: (() => void)[] = []
  const acquire = async () => {
    if (active >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve))
    active++
  }
  const release = () => {
    active--
    waiting.shift()?.()
  }
  const withRetries = async <T>(run: () => Promise<T>): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      await acquire()
      try {
        return await run()
      } catch (error: unknown) {
        if (attempt >= retries) throw error
      } finally {
        release()
      }
      await sleep(500 * 2 ** attempt)
    }
  }

  const multicall = (async (args: MulticallArgs) => {
    const contracts = args.contracts as readonly ContractCall[]
    if (args.multicallAddress === undefined) throw new Error('multicall needs multicallAddress')
    const multicallAddress = args.multicallAddress
    const calls = contracts.map((c) => ({ target: c.address, allowFailure: true, callData: encodeCall(c) }))
    const chunks: (typeof calls)[] = []
    for (let i = 0; i < calls.length; i += callsPerRequest) chunks.push(calls.slice(i, i + callsPerRequest))
    const block = args.blockNumber === undefined ? 'latest' : numberToHex(args.blockNumber)
    const answers = await Promise.all(
      chunks.map((chunk) => {
        const data = encodeAggregate3(chunk)
        return withRetries(async () =>
          decodeAggregate3(
            await reader.request({ method: 'eth_call', params: [{ to: multicallAddress, data }, block] }),
          ),
        )
      }),
    )
    return answers.flat().map(({ success, returnData }, i) => {
      const contract = contracts[i]
      if (!contract) throw new Error(`multicall answered more results than calls (${i})`)
      if (!success || returnData === '0x') {
        const error = new Error(`${contract.functionName} on ${contract.address} reverted`)
        if (args.allowFailure === false) throw error
        return { status: 'failure', error, result: undefined }
      }
      const result = decodeCall(contract, returnData)
      return args.allowFailure === false ? result : { status: 'success', result }
    })
  }) as PoolReader['multicall']

  type EventsArgs = Parameters<PoolReader['getContractEvents']>[0]
  type Events = Awaited<ReturnType<PoolReader['getContractEvents']>>
  const maxSpan = BigInt(Math.max(1, logRangeBlocks))
  // the span the node last accepted, shared by every query of this reader
  let span = maxSpan
  /** `ask` over `[fromBlock, toBlock]` in spans the node accepts (see the reader's description), in block order. */
  const inSpans = async <T>(
    fromBlock: bigint,
    toBlock: bigint,
    ask: (from: bigint, to: bigint) => Promise<readonly T[]>,
    onSpan?: (to: bigint) => void,
  ): Promise<T[]> => {
    const logs: T[] = []
    for (let from = fromBlock; from <= toBlock; ) {
      const to = from + span - 1n < toBlock ? from + span - 1n : toBlock
      if (to === from) {
        logs.push(...(await withRetries(() => ask(from, to))))
      } else {
        await acquire()
        let found: readonly T[] | undefined
        try {
          found = await ask(from, to)
        } catch {
          // refused (or failed): the same blocks in two halves
          span = (to - from + 1n) / 2n
          continue
        } finally {
          release()
        }
        logs.push(...found)
      }
      onSpan?.(to)
      from = to + 1n
      span = span * 2n < maxSpan ? span * 2n : maxSpan
    }
    return logs
  }
  const getContractEvents = async (args: EventsArgs): Promise<Events> => {
    const { fromBlock, toBlock } = args
    if (typeof fromBlock !== 'bigint' || typeof toBlock !== 'bigint')
      return withRetries(() => reader.getContractEvents(args))
    return (await inSpans(fromBlock, toBlock, (from, to) =>
      reader.getContractEvents({ ...args, fromBlock: from, toBlock: to }),
    )) as Events
  }
  const getLogsByTopic: BoundedPoolReader['getLogsByTopic'] = (args) =>
    inSpans(
      args.fromBlock,
      args.toBlock,
      async (from, to) => {
        const filter = { fromBlock: numberToHex(from), toBlock: numberToHex(to), topics: [[...args.topic0s]] }
        const answer = await reader.request({
          method: 'eth_getLogs',
          params: [args.addresses ? { ...filter, address: [...args.addresses] } : filter],
        })
        return answer.map((log) => formatLog(log))
      },
      args.onSpan,
    )

  return {
    multicall,
    getContractEvents: getContractEvents as PoolReader['getContractEvents'],
    getLogsByTopic,
  }
}

interface ContractCall {
  address: Hex
  abi: Abi
  functionName: string
  args?: readonly unknown[]
}

/** Each ABI's functions by name, with their selectors: viem hashes the signature on every encode and decode. */
const functionsOf = new WeakMap<Abi, Map<string, { item: AbiFunction; selector: Hex } | null>>()

/** The one function of `abi` named `name` and its selector, or null when the name is overloaded (or absent). */
function functionOf(abi: Abi, name: string): { item: AbiFunction; selector: Hex } | null {
  let byName = functionsOf.get(abi)
  if (!byName) {
    byName = new Map()
    functionsOf.set(abi, byName)
  }
  let found = byName.get(name)
  if (found === undefined) {
    const items = abi.filter((x): x is AbiFunction => x.type === 'function' && x.name === name)
    const [item] = items
    found = items.length === 1 && item ? { item, selector: toFunctionSelector(item) } : null
    byName.set(name, found)
  }
  return found
}

/** A call's calldata (the selector from the cache; an overloaded name through viem, which picks by arguments). */
function encodeCall(c: ContractCall): Hex {
  const fn = functionOf(c.abi, c.functionName)
  if (!fn) return encodeFunctionData({ abi: c.abi, functionName: c.functionName, args: c.args ?? [] })
  if (fn.item.inputs.length === 0) return fn.selector
  return concatHex([fn.selector, encodeAbiParameters(fn.item.inputs, c.args ?? [])])
}

/** A call's result as viem's multicall gives it: the value of a single output, else the outputs' array. */
function decodeCall(c: ContractCall, data: Hex): unknown {
  const fn = functionOf(c.abi, c.functionName)
  if (!fn) return decodeFunctionResult({ abi: c.abi, functionName: c.functionName, args: c.args ?? [], data })
  const values = decodeAbiParameters(fn.item.outputs, data)
  return fn.item.outputs.length === 1 ? values[0] : values
}
