import { encodeFunctionData, getAddress, parseAbi, parseEther, parseUnits, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitForReceipt } from '../../contracts/deploy/waitForReceipt'
import { relayUntilIdle } from '../../devnet/layerZeroRelayer/relayUntilIdle'
import { createStargateProvider } from '../providers/stargate/createStargateProvider'
import { getCrossTradeByOrigin } from '../store/crossTrades'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'
import { syncTrades } from '../trades/syncTrades'
import { findCrossSent } from './findCrossSent'
import { syncCrossTradeStatuses } from './followCrossTrades'

interface CrossAnswer {
  dstTrade: { toTokenAmount: string }
  nativeFee: string
  tradeProtocol: string
  transactionData: Record<string, unknown> & { params: { minQuote: string; actualQuote: string } }
  tradeParams: Record<string, unknown>
}
interface SwapAnswer {
  to: `0x${string}`
  data: `0x${string}`
  nativeValue: string
  approvalAddress?: string
  estimateGas?: string
  estimateGasError?: string
  insufficientAllowance?: boolean
}

let h: DevnetHarness

beforeAll(async () => {
  h = await startDevnetHarness({
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
  extra?: Record<string, string>
  /** Source and destination chains (default Ethereum to Arbitrum). */
  chains?: [number, number]
}) {
  const [source, destination] = params.chains ?? [1, 42161]
  await h.refreshAll()
  const wallet = h.walletClient(source, params.account)
  const query = new URLSearchParams({
    fromTokenAddress: params.from,
    toTokenAddress: params.to,
    amount: params.amount.toString(),
    destinationChainId: String(destination),
    sender: wallet.account.address,
    receiver: params.receiver,
    slippage: '0.01',
    disableEstimate: 'true',
    ...params.extra,
  })
  const res = await h.request(`/trade/v1/${source}/quote/cross?${query}`)
  expect(res.status).toBe(200)
  const [best] = (await res.json()) as CrossAnswer[]
  if (best === undefined) throw new Error('no offer')
  const post = async () => {
    const posted = await h.request(`/trade/v1/${source}/swap/cross`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ transactionData: best.transactionData, account: wallet.account.address }),
    })
    expect(posted.status).toBe(200)
    return (await posted.json()) as SwapAnswer
  }
  let swap = await post()
  if (swap.approvalAddress !== undefined && swap.insufficientAllowance === true) {
    // not approved yet: no estimate, and the spender to approve named (as swap/single answers it)
    expect([swap.estimateGas, swap.estimateGasError]).toEqual([
      undefined,
      `Insufficient allowance: approve ${swap.approvalAddress} first`,
    ])
    await h.approve(wallet, getAddress(params.from), getAddress(swap.approvalAddress))
    swap = await post()
  }
  // the node's estimate of the transaction from the account, +30% (swap/single's margin); sent with exactly it
  const estimated = await h.deployerClient(source).estimateGas({
    account: wallet.account.address,
    to: swap.to,
    data: swap.data,
    value: BigInt(swap.nativeValue),
  })
  expect([swap.estimateGas, swap.estimateGasError]).toEqual([
    ((estimated * 130n) / 100n).toString(),
    undefined,
  ])
  const nativeBefore = await wallet.getBalance({ address: wallet.account.address })
  const hash = await wallet.sendTransaction({
    to: swap.to,
    data: swap.data,
    value: BigInt(swap.nativeValue),
    gas: BigInt(swap.estimateGas ?? '0'),
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

    // The trade watcher finds the send on Ethereum and stores it with its sender and amounts.
    const providers = [createStargateProvider({ deployments: h.deployments, markets: h.markets })]
    for (;;) {
      const step = await syncTrades({
        store: h.store,
        client: h.markets.get(1).client,
        chainId: 1,
        aggregator: h.deployment(1).aggregator,
        startBlock: h.deployment(1).startBlock,
        tagSecret: new Uint8Array(32),
        findCrossSent: (range) => findCrossSent(providers, 1, range),
      })
      if (step.kind === 'idle') break
    }
    expect(await getCrossTradeByOrigin(h.store.db, hash)).toMatchObject({
      providerId: 'stargate',
      sourceChainId: 1,
      destinationChainId: 42161,
      sender: h.account(8).address,
      receiver,
      tokenIn: usdc,
      tokenOut: weth,
      amountIn: parseUnits('2500', 6),
      state: 'PENDING',
    })

    // info/tx answers a stored trade from the store, which the follower (every second on the devnet) keeps current
    await syncCrossTradeStatuses({ store: h.store, providers })
    const inFlight = (await (await h.request(`/trade/v1/info/tx/${hash}`)).json()) as { status: string }
    expect(inFlight.status).toBe('INFLIGHT')
    const before = await h.balanceOf(42161, weth, receiver)
    await relayUntilIdle({ deployments: h.deployments })
    expect((await h.balanceOf(42161, weth, receiver)) - before).toBe(BigInt(best.dstTrade.toTokenAmount))
    // The follower records the delivery without anyone asking info/tx.
    await syncCrossTradeStatuses({ store: h.store, providers })
    expect(await getCrossTradeByOrigin(h.store.db, hash)).toMatchObject({
      state: 'DELIVERED',
      amountReceived: BigInt(best.dstTrade.toTokenAmount),
      tokenReceived: weth,
    })
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

  it('the destination market moves before delivery: FAILED, receivedDifferentTokens, and the receiver holds the bridged USDC', async () => {
    // the moved market is undone afterwards, so later trades quote the devnet's own prices
    const restore = await h.snapshot([1, 42161])
    const receiver = getAddress('0x00000000000000000000000000000000000c0de8')
    const weth = h.deployment(42161).wrappedNative
    const usdcArb = h.token(42161, 'USDC').address
    const { best, hash } = await trade({
      from: h.token(1, 'USDC').address,
      to: weth,
      amount: parseUnits('2500', 6),
      account: 7,
      receiver,
    })
    // Someone buys WETH with 60M USDC on Arbitrum while the transfer is in flight.
    const whale = h.walletClient(42161, 6)
    const pushed = parseUnits('60000000', 6)
    await h.sendAndWait(h.deployerClient(42161), {
      to: usdcArb,
      data: encodeFunctionData({
        abi: parseAbi(['function mint(address to, uint256 amount)']),
        functionName: 'mint',
        args: [whale.account.address, pushed],
      }),
    })
    await h.refreshAll()
    const query = new URLSearchParams({
      fromTokenAddress: usdcArb,
      toTokenAddress: weth,
      amount: pushed.toString(),
      slippage: '0.2',
      sender: whale.account.address,
      disableEstimate: 'true',
    })
    const whaleSwap = await h.request(`/trade/v1/42161/swap/single?${query}`)
    const tx = (await whaleSwap.json()) as { to: `0x${string}`; data: `0x${string}` }
    expect(whaleSwap.status, JSON.stringify(tx)).toBe(200)
    await h.approve(whale, usdcArb, tx.to)
    await h.sendAndWait(whale, { to: tx.to, data: tx.data })

    const before = await h.balanceOf(42161, usdcArb, receiver)
    await relayUntilIdle({ deployments: h.deployments })
    const failed = (await (await h.request(`/trade/v1/info/tx/${hash}`)).json()) as {
      amountReceived: string
    }
    expect(failed).toMatchObject({ status: 'FAILED', receivedDifferentTokens: true, tokenReceived: usdcArb })
    expect((await h.balanceOf(42161, usdcArb, receiver)) - before).toBe(BigInt(failed.amountReceived))
    expect(failed.amountReceived).toBe(best.transactionData.bridgeAmount)
    expect(await h.balanceOf(42161, weth, receiver)).toBe(0n)
    await restore()
  }, 300_000)

  it('an integrator fee of 1% of the bridged ETH goes to the fee receiver on the origin; the receiver gets exactly the rest as quoted', async () => {
    const receiver = getAddress('0x00000000000000000000000000000000000c0de9')
    const feeReceiver = getAddress('0x00000000000000000000000000000000000fee01')
    const amount = parseEther('0.5')
    const { best } = await trade({
      from: zeroAddress,
      to: zeroAddress,
      amount,
      account: 5,
      receiver,
      extra: { feePercentage: '0.01', feeReceiver, uuid: 'integrator-order-7' },
    })
    expect(best.transactionData).toMatchObject({ feeBps: 100, feeRecipient: feeReceiver })
    expect(best.tradeParams).toMatchObject({ feePercent: 0.01, feeReceiver, uuid: 'integrator-order-7' })
    expect(await h.balanceOf(1, zeroAddress, feeReceiver)).toBe(amount / 100n)
    const before = await h.balanceOf(42161, zeroAddress, receiver)
    await relayUntilIdle({ deployments: h.deployments })
    expect((await h.balanceOf(42161, zeroAddress, receiver)) - before).toBe(
      BigInt(best.dstTrade.toTokenAmount),
    )
  }, 300_000)

  it('native to token, ETH on Ethereum to USDC on Arbitrum: nativeValue = amount + nativeFee, the quote arrives exactly', async () => {
    const receiver = getAddress('0x00000000000000000000000000000000000c0dea')
    const usdcArb = h.token(42161, 'USDC').address
    const amount = parseEther('0.3')
    const { best, swap, spent } = await trade({
      from: zeroAddress,
      to: usdcArb,
      amount,
      account: 4,
      receiver,
    })
    expect(BigInt(swap.nativeValue)).toBe(amount + BigInt(best.nativeFee))
    expect(spent).toBe(amount + BigInt(best.nativeFee))
    const before = await h.balanceOf(42161, usdcArb, receiver)
    await relayUntilIdle({ deployments: h.deployments })
    expect((await h.balanceOf(42161, usdcArb, receiver)) - before).toBe(BigInt(best.dstTrade.toTokenAmount))
  }, 300_000)

  it('token to native the other way, USDC on Arbitrum to ETH on Ethereum: nativeValue = nativeFee, the quote arrives exactly', async () => {
    const receiver = getAddress('0x00000000000000000000000000000000000c0deb')
    const usdcArb = h.token(42161, 'USDC').address
    const { best, swap, spent } = await trade({
      from: usdcArb,
      to: zeroAddress,
      amount: parseUnits('1500', 6),
      account: 3,
      receiver,
      chains: [42161, 1],
    })
    expect(swap.nativeValue).toBe(best.nativeFee)
    expect(spent).toBe(BigInt(best.nativeFee))
    const before = await h.balanceOf(1, zeroAddress, receiver)
    await relayUntilIdle({ deployments: h.deployments })
    expect((await h.balanceOf(1, zeroAddress, receiver)) - before).toBe(BigInt(best.dstTrade.toTokenAmount))
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
