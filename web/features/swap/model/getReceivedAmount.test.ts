import { encodeAbiParameters, encodeEventTopics, type Log, padHex, zeroHash } from 'viem'
import { describe, expect, it } from 'vitest'
import { getReceivedAmount, swapReceiptAbi } from './getReceivedAmount'

const aggregator = '0xf850516c38d9A59cf618Efb47c180E3309a37BcF'
const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const other = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const tokenOut = '0x60921cC29694984e5bA144631377803f57c366A3'
const tokenIn = '0x0000000000000000000000000000000000000000'

function log(address: `0x${string}`, topics: `0x${string}`[], data: `0x${string}`): Log {
  return {
    address,
    topics: topics as [`0x${string}`],
    data,
    blockHash: zeroHash,
    blockNumber: 1n,
    logIndex: 0,
    transactionHash: zeroHash,
    transactionIndex: 0,
    removed: false,
  }
}

function swapped(to: `0x${string}`, amountIn: bigint, amountOut: bigint): Log {
  const topics = encodeEventTopics({
    abi: swapReceiptAbi,
    eventName: 'Swapped',
    args: { sender: to, receiver: to, integratorId: zeroHash },
  })
  const data = encodeAbiParameters(
    [{ type: 'address' }, { type: 'address' }, { type: 'uint256' }, { type: 'uint256' }, { type: 'uint256' }],
    [tokenIn, tokenOut, amountIn, amountOut, 0n],
  )
  return log(aggregator, topics as `0x${string}`[], data)
}

function transfer(to: `0x${string}`, value: bigint): Log {
  const topics = encodeEventTopics({
    abi: swapReceiptAbi,
    eventName: 'Transfer',
    args: { from: aggregator, to },
  })
  return log(tokenOut, topics as `0x${string}`[], padHex(`0x${value.toString(16)}`, { size: 32 }))
}

describe('getReceivedAmount', () => {
  it('reads the Swapped event of the receiver', () => {
    const logs = [transfer(receiver, 5n), swapped(other, 1n, 2n), swapped(receiver, 1_000n, 2_999n)]
    expect(getReceivedAmount({ logs, aggregator, receiver, tokenOut })).toEqual({
      amountIn: 1_000n,
      amountOut: 2_999n,
    })
  })
  it('falls back to the output token transfers to the receiver', () => {
    const logs = [transfer(receiver, 5n), transfer(other, 7n), transfer(receiver, 6n)]
    expect(getReceivedAmount({ logs, aggregator, receiver, tokenOut })).toEqual({
      amountIn: undefined,
      amountOut: 11n,
    })
  })
  it('returns undefined without either', () => {
    expect(getReceivedAmount({ logs: [transfer(other, 7n)], aggregator, receiver, tokenOut })).toBeUndefined()
  })
})
