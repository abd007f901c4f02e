import { getAddress, parseEther, parseUnits, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitForReceipt } from '../../contracts/deploy/waitForReceipt'
import { relayUntilIdle } from '../devnet/layerZeroRelayer/relayUntilIdle'
import { createStargateProvider } from '../providers/stargate/createStargateProvider'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'

interface CrossAnswer {
  dstTrade: { toTokenAmount: string }
  nativeFee: string
  tradeProtocol: string
  transactionData: Record<string, unknown> & { params: { minQuote: string; actualQuote: string } }
}
interface SwapAnswer {
  to: `0x${string}`
  data: `0x${string}`
  nativeValue: string
  approvalAddress?: string
}

let h: DevnetHarness

beforeAll(async () => {
  h = await startDevnetHarness({
    portBase: 21300,
    chainIds: [1, 42161],
    crossProviders: ({ deployments, markets }) => [createStargateProvider({ deployments, markets })],
  })
}, 600_000)

afterAll(async () => {
  await h?.stop()
})

/** Quotes through the API, builds the best offer's transaction by POST swap/cross, sends it, relays. */
async function trade(params: {
  from: string
  to: string
  amount: bigint
  account: number
  receiver: `0x${string}`
}) {
  await h.refreshAll()
  const wallet = h.walletClient(1, params.account)
  const query = new URLSearchParams({
    fromTokenAddress: params.from,
    toTokenAddress: params.to,
    amount: params.amount.toString(),
    destinationChainId: '42161',
    sender: wallet.account.address,
    receiver: params.receiver,
    slippage: '0.01',
    disableEstimate: 'true',
  })
  const res = await h.request(`/trade/v1/1/quote/cross?${query}`)
  expect(res.status).toBe(200)
  const [best] = (await res.json()) as CrossAnswer[]
  if (best === undefined) throw new Error('no offer')
  const posted = await h.request('/trade/v1/1/swap/cross', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ transactionData: best.transactionData, account: wallet.account.address }),
  })
  expect(posted.status).toBe(200)
  const swap = (await posted.json()) as SwapAnswer
  if (swap.approvalAddress !== undefined)
    await h.approve(wallet, getAddress(params.from), getAddress(swap.approvalAddress))
  const nativeBefore = await wallet.getBalance({ address: wallet.account.address })
  const hash = await wallet.sendTransaction({
    to: swap.to,
    data: swap.data,
    value: BigInt(swap.nativeValue),
    gas: 2_500_000n,
  })
  const receipt = await waitForReceipt(wallet, { hash })
  expect(receipt.status).toBe('success')
  const spent =
    nativeBefore -
    (await wallet.getBalance({ address: wallet.account.address })) -
    receipt.gasUsed * receipt.effectiveGasPrice
  return { best, swap, hash, spent }
}

describe('cross-chain through Stargate, quoted and sent through the API', () => {
  it('USDC on Ethereum to WETH on Arbitrum: the receiver gets exactly the quote; the sender pays exactly the native fee', async () => {
    const receiver = getAddress('0x00000000000000000000000000000000000c0de6')
    const weth = h.deployment(42161).wrappedNative
    const usdc = h.token(1, 'USDC').address
    const { best, swap, hash, spent } = await trade({
      from: usdc,
      to: weth,
      amount: parseUnits('2500', 6),
      account: 8,
      receiver,
    })
    expect(best.tradeProtocol).toBe('CROSS_CHAIN_STARGATE')
    expect(swap.approvalAddress).toBe(h.deployment(1).stargate?.entry)
    // cost rule for a token input: the transaction carries exactly the native fee
    expect(spent).toBe(BigInt(best.nativeFee))
    expect(swap.nativeValue).toBe(best.nativeFee)

    const inFlight = (await (await h.request(`/trade/v1/info/tx/${hash}`)).json()) as { status: string }
    expect(inFlight.status).toBe('INFLIGHT')
    const before = await h.balanceOf(42161, weth, receiver)
    await relayUntilIdle({ deployments: h.deployments })
    expect((await h.balanceOf(42161, weth, receiver)) - before).toBe(BigInt(best.dstTrade.toTokenAmount))
    const delivered = await (await h.request(`/trade/v1/info/tx/${hash}`)).json()
    expect(delivered).toMatchObject({
      status: 'DELIVERED',
      srcChainId: 1,
      dstChainId: 42161,
      amountReceived: best.dstTrade.toTokenAmount,
      receivedDifferentTokens: false,
      tradeProtocol: 'CROSS_CHAIN_STARGATE',
    })
  }, 300_000)

  it('ETH to ETH: native in and out through the native pools; nativeValue = amount + nativeFee', async () => {
    const receiver = getAddress('0x00000000000000000000000000000000000c0de7')
    const amount = parseEther('0.4')
    const { best, swap, spent } = await trade({
      from: zeroAddress,
      to: zeroAddress,
      amount,
      account: 9,
      receiver,
    })
    expect(BigInt(swap.nativeValue)).toBe(amount + BigInt(best.nativeFee))
    expect(spent).toBe(amount + BigInt(best.nativeFee))
    const before = await h.balanceOf(42161, zeroAddress, receiver)
    await relayUntilIdle({ deployments: h.deployments })
    expect((await h.balanceOf(42161, zeroAddress, receiver)) - before).toBe(
      BigInt(best.dstTrade.toTokenAmount),
    )
  }, 300_000)
})
