import { describe, expect, it } from 'vitest'
import { formatHistoryCsv } from './formatHistoryCsv'

const item = {
  kind: 'cross',
  state: 'deliveredOtherToken',
  id: 'cross:00000000-0000-4000-8000-000000000004',
  fromChainId: 1,
  toChainId: 42161,
  sender: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  receiver: 'a "quoted", name\nwith a break',
  tokenIn: '0x00000000000000000000000000000000000000c3',
  tokenOut: '0x00000000000000000000000000000000000000d4',
  amountIn: '2500000000',
  amountOut: '1606938044258990275541962092341162602522202993782792835301376',
  tokenReceived: '0x00000000000000000000000000000000000000d5',
  amountRefunded: null,
  originTxHash: '0xaa',
  destinationTxHash: null,
  providerId: 'stargate',
  createdAt: '2026-01-02T10:00:00.000Z',
  finishedAt: null,
} as const

describe('formatHistoryCsv', () => {
  it('writes a header and one line per item, exact amounts, null empty, RFC 4180 quoting', () => {
    expect(formatHistoryCsv([item])).toBe(
      'createdAt,kind,state,fromChainId,toChainId,sender,receiver,tokenIn,tokenOut,amountIn,amountOut,' +
        'tokenReceived,amountRefunded,originTxHash,destinationTxHash,providerId,finishedAt,id\r\n' +
        '2026-01-02T10:00:00.000Z,cross,deliveredOtherToken,1,42161,0x70997970C51812dc3A010C7d01b50e0d17dc79C8,' +
        '"a ""quoted"", name\nwith a break",0x00000000000000000000000000000000000000c3,' +
        '0x00000000000000000000000000000000000000d4,2500000000,' +
        '1606938044258990275541962092341162602522202993782792835301376,' +
        '0x00000000000000000000000000000000000000d5,,0xaa,,stargate,,cross:00000000-0000-4000-8000-000000000004\r\n',
    )
  })

  it('writes only the header for no items', () => {
    expect(formatHistoryCsv([]).split('\r\n')).toHaveLength(2)
    expect(formatHistoryCsv([]).endsWith(',id\r\n')).toBe(true)
  })
})
