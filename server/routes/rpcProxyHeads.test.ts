import { describe, expect, it } from 'vitest'
import { findHeadInAnswers } from './rpcProxy'

describe('findHeadInAnswers', () => {
  it('reads the highest block a receipt, eth_blockNumber or a block shows, by request id', () => {
    const requests = [
      { jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: ['0x01'] },
      { jsonrpc: '2.0', id: 2, method: 'eth_blockNumber', params: [] },
      { jsonrpc: '2.0', id: 3, method: 'eth_getBlockByNumber', params: ['latest', false] },
      { jsonrpc: '2.0', id: 4, method: 'eth_call', params: [] },
    ]
    const answers = [
      { jsonrpc: '2.0', id: 1, result: { blockNumber: '0x20', status: '0x1' } },
      { jsonrpc: '2.0', id: 2, result: '0x1f' },
      { jsonrpc: '2.0', id: 3, result: { number: '0x21', hash: '0xab' } },
      { jsonrpc: '2.0', id: 4, result: '0xffff' },
    ]
    expect(findHeadInAnswers(requests, JSON.stringify(answers))).toBe(0x21n)
    expect(findHeadInAnswers([requests[0]], JSON.stringify(answers[0]))).toBe(0x20n)
  })

  it('sees nothing in a pending receipt, an error, another method or a non-JSON answer', () => {
    const receipt = { jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: ['0x01'] }
    expect(
      findHeadInAnswers([receipt], JSON.stringify({ jsonrpc: '2.0', id: 1, result: null })),
    ).toBeUndefined()
    expect(
      findHeadInAnswers(
        [receipt],
        JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -1, message: 'x' } }),
      ),
    ).toBeUndefined()
    expect(
      findHeadInAnswers([{ id: 1, method: 'eth_call' }], JSON.stringify({ id: 1, result: '0x20' })),
    ).toBeUndefined()
    expect(findHeadInAnswers([receipt], '<html>')).toBeUndefined()
  })
})
