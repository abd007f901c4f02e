import { encodeFunctionData, type Hex, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DevClient } from '../../contracts/deploy/devClient'
import { createMarkets } from '../market/createMarkets'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'
import type { SingleQuoteResponse } from './formatSingleQuote'

const CHAIN_ID = 1
const wethAbi = [
  { type: 'function', name: 'deposit', stateMutability: 'payable', inputs: [], outputs: [] },
] as const

describe('a quote asked right after a block', () => {
  let h: DevnetHarness

  beforeAll(async () => {
    // no subscription here: only the heads the RPC proxy relays can make the quotes below fresh
    h = await startDevnetHarness({ chainIds: [CHAIN_ID] })
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

  const rpc = async (method: string, params: unknown[]) => {
    const res = await h.request(`/rpc/${CHAIN_ID}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    return ((await res.json()) as { result: unknown }).result
  }

  /** As the web app does: sign locally, send and wait for the receipt through the app's `/rpc` proxy. */
  const sendThroughProxy = async (wallet: DevClient, tx: { to: Hex; data: Hex; value: bigint }) => {
    const request = await wallet.prepareTransactionRequest({
      ...tx,
      account: wallet.account,
      chain: wallet.chain,
    })
    const hash = await rpc('eth_sendRawTransaction', [await wallet.signTransaction(request)])
    for (;;) {
      const receipt = (await rpc('eth_getTransactionReceipt', [hash])) as {
        blockNumber: Hex
        status: Hex
      } | null
      if (receipt) {
        expect(receipt.status).toBe('0x1')
        return BigInt(receipt.blockNumber)
      }
      await new Promise((r) => setTimeout(r, 20))
    }
  }

  it('sees that block: it says so, and prices the pools a swap in it moved', async () => {
    const before = await quote()
    const trader = h.walletClient(CHAIN_ID, 3)
    const swap = await quote({ sender: trader.account.address })
    if (swap.data === undefined) throw new Error('a quote with a sender carries its transaction')
    const block = await sendThroughProxy(trader, {
      to: h.deployment(CHAIN_ID).aggregator,
      data: swap.data,
      value: BigInt(swap.nativeValue),
    })
    expect(block > BigInt(before.blockNumber)).toBe(true)

    const after = await quote()
    expect(after.blockNumber).toBe(block.toString())
    // the same trade again, after the first one moved the price down
    expect(BigInt(after.toTokenAmount) < BigInt(before.toTokenAmount)).toBe(true)
  })

  it('sees a block that touched no pool too', async () => {
    const block = await sendThroughProxy(h.walletClient(CHAIN_ID, 4), {
      to: h.deployment(CHAIN_ID).wrappedNative,
      data: encodeFunctionData({ abi: wethAbi, functionName: 'deposit' }),
      value: 1n,
    })
    expect((await quote()).blockNumber).toBe(block.toString())
  })

  it('follows new heads by subscription alone (a client on its own node)', async () => {
    const markets = createMarkets({
      deployments: h.deployments,
      pollIntervalMs: 3_600_000,
      followHeads: true,
    })
    await markets.start()
    try {
      const receipt = await h.sendAndWait(h.walletClient(CHAIN_ID, 5), {
        to: h.deployment(CHAIN_ID).wrappedNative,
        data: encodeFunctionData({ abi: wethAbi, functionName: 'deposit' }),
        value: 1n,
      })
      // the poll loop waits an hour: only the newHeads subscription can bring this market to the block
      const market = markets.get(CHAIN_ID)
      for (let i = 0; i < 250 && market.getSnapshot().blockNumber < receipt.blockNumber; i++) {
        await new Promise((r) => setTimeout(r, 20))
      }
      expect(market.getSnapshot().blockNumber).toBe(receipt.blockNumber)
      expect((await market.getFreshSnapshot()).blockNumber).toBe(receipt.blockNumber)
    } finally {
      markets.stop()
    }
  })
})
