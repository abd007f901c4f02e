import { type Address, encodeAbiParameters, encodeEventTopics, type Hex, parseAbiParameters } from 'viem'
import { describe, expect, it } from 'vitest'
import { stargateEntryAbi } from '../../../contracts/artifacts'
import { findOurStargateSend } from './findOurStargateSend'

const ENTRY = '0x00000000000000000000000000000000000000e7'
const OTHER = '0x0000000000000000000000000000000000000077'
const ALICE = '0x00000000000000000000000000000000000a11ce'
const USDC = '0x00000000000000000000000000000000000000c1'
const GUID: Hex = `0x${'ab'.repeat(32)}`

const sent = (address: Address, dstEid: number) => ({
  address,
  topics: encodeEventTopics({
    abi: stargateEntryAbi,
    eventName: 'CrossSwapSent',
    args: { sender: ALICE, guid: GUID, dstEid },
  }) as [Hex, ...Hex[]],
  data: encodeAbiParameters(
    parseAbiParameters('address, address, uint256, address, uint256, uint256, address, uint256'),
    [ALICE, USDC, 1_000_000n, USDC, 999_000n, 998_400n, USDC, 990_000n],
  ),
})

describe('findOurStargateSend', () => {
  it("is our entry's CrossSwapSent, skipping logs that do not decode", () => {
    const send = findOurStargateSend([{ address: ENTRY, topics: [], data: '0x' }, sent(ENTRY, 30_102)], ENTRY)
    expect(send?.guid).toBe(GUID)
    expect(send?.dstEid).toBe(30_102)
    expect(send?.amountReceivedLD).toBe(998_400n)
    expect(send?.minAmountOut).toBe(990_000n)
  })

  it('is undefined for a send made without our entry', () => {
    expect(findOurStargateSend([sent(OTHER, 30_102)], ENTRY)).toBeUndefined()
    expect(findOurStargateSend([], ENTRY)).toBeUndefined()
  })
})
