import { describe, expect, it } from 'vitest'
import { toThorchainTransferRecord } from './toThorchainTransferRecord'

const BTC = -3980891822
const GAIA = -978111860
const zero = '0x0000000000000000000000000000000000000000'
const inbound = { id: 'AB'.repeat(32), chain: 'BTC', coins: [{ asset: 'BTC.BTC', amount: '1000000' }] }
const outbound = (chain: string, amount: string) => ({
  id: 'CD'.repeat(32),
  chain,
  to_address: 'receiver',
  coins: [{ asset: `${chain}.X`, amount }],
})

describe('toThorchainTransferRecord', () => {
  const base = {
    originTxHash: '0xab',
    sourceChainId: BTC,
    destinationChainId: GAIA,
    receivedDifferentTokens: false,
  }

  it('is INFLIGHT until an outbound exists', () => {
    expect(
      toThorchainTransferRecord('0xab', { tx: inbound }, { sourceChainId: BTC, destinationChainId: GAIA }),
    ).toEqual({
      ...base,
      state: 'INFLIGHT',
    })
  })

  it("DELIVERED with the outbound in the destination's base units (ATOM has 6 decimals)", () => {
    expect(
      toThorchainTransferRecord(
        '0xab',
        { tx: inbound, out_txs: [outbound('GAIA', '123456789')] },
        { sourceChainId: BTC, destinationChainId: GAIA },
      ),
    ).toEqual({
      ...base,
      state: 'DELIVERED',
      destinationTxHash: 'CD'.repeat(32),
      amountReceived: 1_234_567n,
      tokenReceived: zero,
    })
  })

  it('an outbound on the source chain is the refund, in the source coin', () => {
    expect(
      toThorchainTransferRecord(
        '0xab',
        { tx: inbound, out_txs: [outbound('BTC', '985000')] },
        { sourceChainId: BTC, destinationChainId: GAIA },
      ),
    ).toEqual({
      ...base,
      state: 'FAILED',
      refunded: true,
      destinationTxHash: 'CD'.repeat(32),
      amountReceived: 985_000n,
      tokenReceived: zero,
    })
  })
})
