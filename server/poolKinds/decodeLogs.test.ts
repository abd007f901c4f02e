import {
  type Abi,
  encodeAbiParameters,
  encodeEventTopics,
  type Hex,
  type Log,
  parseAbi,
  parseEventLogs,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeLogs } from './decodeLogs'

const abi = parseAbi([
  'event Sync(uint112 reserve0, uint112 reserve1)',
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)',
  'event Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)',
  'event Named(string indexed label, uint256 value)',
])
const pool = '0x00000000000000000000000000000000000000a1'
const sender = '0x1111111111111111111111111111111111111111'
const recipient = '0x2222222222222222222222222222222222222222'

const logOf = (topics: Hex[], data: Hex, logIndex: number): Log => ({
  address: pool,
  topics: topics as [Hex, ...Hex[]],
  data,
  blockNumber: 7n,
  blockHash: `0x${'ab'.repeat(32)}`,
  transactionHash: `0x${'cd'.repeat(32)}`,
  transactionIndex: 0,
  logIndex,
  removed: false,
})

const logs: Log[] = [
  logOf(
    encodeEventTopics({ abi, eventName: 'Sync' }) as Hex[],
    encodeAbiParameters([{ type: 'uint112' }, { type: 'uint112' }], [10n ** 21n, 3n * 10n ** 9n]),
    0,
  ),
  logOf(
    encodeEventTopics({ abi, eventName: 'Swap', args: { sender, recipient } }) as Hex[],
    encodeAbiParameters(
      [{ type: 'int256' }, { type: 'int256' }, { type: 'uint160' }, { type: 'uint128' }, { type: 'int24' }],
      [-5n, 7n, 2n ** 96n, 12_345n, -887_220],
    ),
    1,
  ),
  logOf(
    encodeEventTopics({
      abi,
      eventName: 'Mint',
      args: { owner: sender, tickLower: -60, tickUpper: 120 },
    }) as Hex[],
    encodeAbiParameters(
      [{ type: 'address' }, { type: 'uint128' }, { type: 'uint256' }, { type: 'uint256' }],
      [recipient, 1n, 2n, 3n],
    ),
    2,
  ),
  logOf(
    encodeEventTopics({ abi, eventName: 'Named', args: { label: 'pool' } }) as Hex[],
    encodeAbiParameters([{ type: 'uint256' }], [9n]),
    3,
  ),
]

describe('decodeLogs', () => {
  it("decodes each event as viem's parseEventLogs does in strict mode", () => {
    expect(decodeLogs(abi, logs)).toEqual(parseEventLogs({ abi, logs, strict: true }))
    expect(decodeLogs(abi, logs).map((l) => l.eventName)).toEqual(['Sync', 'Swap', 'Mint', 'Named'])
    const [, swap] = decodeLogs(abi, logs)
    expect(swap?.args).toEqual({
      sender,
      recipient,
      amount0: -5n,
      amount1: 7n,
      sqrtPriceX96: 2n ** 96n,
      liquidity: 12_345n,
      tick: -887_220,
    })
  })

  it('leaves out logs of other events, and logs whose topics or data do not fit their event', () => {
    const [sync, swap] = logs as [Log, Log]
    const other = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)']) as Abi
    const foreign = logOf(encodeEventTopics({ abi: other, eventName: 'Transfer' }) as Hex[], sync.data, 4)
    const missingTopic = { ...swap, topics: swap.topics.slice(0, 2) as [Hex, ...Hex[]], logIndex: 5 }
    const shortData = { ...sync, data: '0x01' as Hex, logIndex: 6 }
    const mixed = [foreign, missingTopic, sync, shortData]
    expect(decodeLogs(abi, mixed)).toEqual(parseEventLogs({ abi, logs: mixed, strict: true }))
    expect(decodeLogs(abi, mixed).map((l) => l.logIndex)).toEqual([0])
  })
})
