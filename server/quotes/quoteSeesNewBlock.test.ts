import { encodeFunctionData, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'
import type { SingleQuoteResponse } from './formatSingleQuote'

const CHAIN_ID = 1
const wethAbi = [
  { type: 'function', name: 'deposit', stateMutability: 'payable', inputs: [], outputs: [] },
] as const

describe('a quote asked right after a block', () => {
  let h: DevnetHarness

  beforeAll(async () => {
    // as in production: no poll loop to speak of, new heads announced over WebSocket
    h = await startDevnetHarness({ portBase: 21200, chainIds: [CHAIN_ID], followHeads: true })
  })
  afterAll(async () => {
    await h?.stop()
  })

  const quote = async (extra: Record<string, string> = {}): Promise<SingleQuoteResponse> => {
    const usdc = h.token(CHAIN_ID, 'USDC').address
    const q = new URLSearchParams({
      fromTokenAddress: zeroAddress,
      toTokenAddress: usdc,
      amount: '1000000000000000000',
      ...extra,
    })
    const res = await h.request(`/trade/v1/${CHAIN_ID}/quote/single?${q}`)
    expect(res.status).toBe(200)
    const [best] = (await res.json()) as SingleQuoteResponse[]
    if (!best) throw new Error('no quote')
    return best
  }

  it('sees that block: it says so, and prices the pools a swap in it moved', async () => {
    const before = await quote()
    const trader = h.walletClient(CHAIN_ID, 3)
    const swap = await quote({ sender: trader.account.address })
    if (swap.data === undefined) throw new Error('a quote with a sender carries its transaction')
    const receipt = await h.sendAndWait(trader, {
      to: h.deployment(CHAIN_ID).aggregator,
      data: swap.data,
      value: BigInt(swap.nativeValue),
    })
    expect(receipt.blockNumber > BigInt(before.blockNumber)).toBe(true)

    const after = await quote()
    expect(after.blockNumber).toBe(receipt.blockNumber.toString())
    // the same trade again, after the first one moved the price down
    expect(BigInt(after.toTokenAmount) < BigInt(before.toTokenAmount)).toBe(true)
  })

  it('sees a block that touched no pool too', async () => {
    const trader = h.walletClient(CHAIN_ID, 4)
    const receipt = await h.sendAndWait(trader, {
      to: h.deployment(CHAIN_ID).wrappedNative,
      data: encodeFunctionData({ abi: wethAbi, functionName: 'deposit' }),
      value: 1n,
    })
    expect((await quote()).blockNumber).toBe(receipt.blockNumber.toString())
  })
})
