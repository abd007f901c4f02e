import { type Address, getAddress, type Hex, parseEther, parseEventLogs, parseUnits, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitForReceipt } from '../../contracts/deploy/waitForReceipt'
import { type AcrossFiller, createAcrossFiller } from '../../devnet/across/createAcrossFiller'
import { createApiKey } from '../auth/createApiKey'
import { computeAcrossInputForOutput, computeAcrossOutput } from '../providers/across/acrossFees'
import { acrossSpokePoolAbi } from '../providers/across/acrossSpokePoolAbi'
import { createAcrossProvider } from '../providers/across/createAcrossProvider'
import { createStargateProvider } from '../providers/stargate/createStargateProvider'
import type { CrossChainProvider } from '../providers/types'
import { getCrossTradeByOrigin } from '../store/crossTrades'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'
import { getIntegratorTagSecret } from '../trades/getIntegratorTagSecret'
import { syncTrades } from '../trades/syncTrades'
import { findCrossSent } from './findCrossSent'
import { syncCrossTradeStatuses } from './followCrossTrades'

interface CrossAnswer {
  srcTrade: { fromTokenAmount: string }
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
  estimateGas?: string
  estimateGasError?: string
  insufficientAllowance?: boolean
}

let h: DevnetHarness
let filler: AcrossFiller
let mounted: CrossChainProvider[] = []

beforeAll(async () => {
  h = await startDevnetHarness({
    chainIds: [1, 42161],
    crossProviders: ({ deployments, markets }) => {
      mounted = [
        createStargateProvider({ deployments, markets }),
        createAcrossProvider({ deployments, markets }),
      ]
      return mounted
    },
  })
  filler = createAcrossFiller({ deployments: h.deployments })
}, 600_000)

afterAll(async () => {
  await h?.stop()
})

type TradeParams = {
  from: string
  to: string
  amount: bigint
  account: number
  receiver: Address
  exactOut?: boolean
  /** More query parameters (an integrator fee). */
  extra?: Record<string, string>
  /** The caller's API key: the build carries its company's attribution tag. */
  apiKey?: string
}

async function request(params: TradeParams) {
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
    ...(params.exactOut ? { isExactOut: 'true' } : {}),
    ...params.extra,
  })
  // an integrator quotes and builds with the same key: the quote's transaction data is bound to it
  return h.request(`/trade/v1/1/quote/cross?${query}`, {
    headers: params.apiKey === undefined ? {} : { authorization: `Bearer ${params.apiKey}` },
  })
}

async function quote(params: TradeParams) {
  const res = await request(params)
  expect(res.status).toBe(200)
  return (await res.json()) as CrossAnswer[]
}

/** Quotes through the API, takes the Across offer, builds it by POST swap/cross and sends it. */
async function tradeAcross(params: TradeParams) {
  const offers = await quote(params)
  const offer = offers.find((o) => o.tradeProtocol === 'CROSS_CHAIN_ACROSS')
  if (offer === undefined) throw new Error('no Across offer')
  const wallet = h.walletClient(1, params.account)
  const post = async () => {
    const posted = await h.request('/trade/v1/1/swap/cross', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(params.apiKey === undefined ? {} : { authorization: `Bearer ${params.apiKey}` }),
      },
      body: JSON.stringify({ transactionData: offer.transactionData, account: wallet.account.address }),
    })
    expect(posted.status).toBe(200)
    return (await posted.json()) as SwapAnswer
  }
  let swap = await post()
  if (swap.approvalAddress !== undefined && swap.insufficientAllowance === true) {
    // no estimate before the approval: the answer names the spender to approve (as swap/single)
    expect([swap.estimateGas, swap.estimateGasError]).toEqual([
      undefined,
      `Insufficient allowance: approve ${swap.approvalAddress} first`,
    ])
    await h.approve(wallet, getAddress(params.from), getAddress(swap.approvalAddress))
    swap = await post()
  }
  // the node's estimate +30%, as swap/single answers it; the transaction is sent with exactly that gas
  const estimated = await h.deployerClient(1).estimateGas({
    account: wallet.account.address,
    to: swap.to,
    data: swap.data,
    value: BigInt(swap.nativeValue),
  })
  expect(swap.estimateGas).toBe(((estimated * 130n) / 100n).toString())
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
  return { offers, offer, swap, hash, spent }
}

/**
 * `info/tx` after one round of the trade follower (the server runs one every second on the devnet): a stored
 * trade is answered from the store, which the follower keeps current.
 */
const status = async (hash: string) => {
  await syncCrossTradeStatuses({ store: h.store, providers: mounted })
  return (await h.request(`/trade/v1/info/tx/${hash}`)).json()
}

// Before the refund test below: it moves Arbitrum's clock an hour ahead of the quotes' fill deadlines.
describe('Across through our entry: an origin swap, exact output through it, the integrator fee and the trade record', () => {
  const acrossProviders = () => [createAcrossProvider({ deployments: h.deployments, markets: h.markets })]

  it('DAI to USDC: the entry swaps to USDC and deposits; the receiver gets exactly the quote, the swap surplus returns to the sender', async () => {
    const receiver = getAddress('0x00000000000000000000000000000000000a0011')
    const dai = h.token(1, 'DAI').address
    const usdc1 = h.token(1, 'USDC').address
    const usdc42161 = h.token(42161, 'USDC').address
    const wallet = h.walletClient(1, 8)
    const amount = parseUnits('3000', 18)
    const daiBefore = await h.balanceOf(1, dai, wallet.account.address)
    const usdcBefore = await h.balanceOf(1, usdc1, wallet.account.address)
    const { offer, swap, hash } = await tradeAcross({
      from: dai,
      to: usdc42161,
      amount,
      account: 8,
      receiver,
    })
    const data = offer.transactionData
    expect(data).toMatchObject({ inputToken: usdc1, outputToken: usdc42161, feeBps: 0 })
    expect(data.originSteps).not.toEqual([])
    expect(swap.approvalAddress).toBe(h.deployment(1).across?.entry)
    const deposited = BigInt(String(data.inputAmount))
    const swapped = BigInt(String(data.originSwapAmount))
    // the deposit is what the swap pays at the 1% slippage limit; the rest comes back
    expect(deposited).toBe((swapped * 9_900n) / 10_000n)
    expect(offer.dstTrade.toTokenAmount).toBe(computeAcrossOutput(deposited, 6, 6).outputAmount.toString())
    expect(offer.srcTrade.fromTokenAmount).toBe(amount.toString())
    expect(daiBefore - (await h.balanceOf(1, dai, wallet.account.address))).toBe(amount)
    expect((await h.balanceOf(1, usdc1, wallet.account.address)) - usdcBefore).toBe(swapped - deposited)
    expect(await h.balanceOf(1, usdc1, h.deployment(1).across?.entry ?? zeroAddress)).toBe(0n)

    const before = await h.balanceOf(42161, usdc42161, receiver)
    expect((await filler.runOnce()).fills).toHaveLength(1)
    expect((await h.balanceOf(42161, usdc42161, receiver)) - before).toBe(
      BigInt(offer.dstTrade.toTokenAmount),
    )
    expect(await status(hash)).toMatchObject({
      status: 'DELIVERED',
      amountReceived: offer.dstTrade.toTokenAmount,
      tradeProtocol: 'CROSS_CHAIN_ACROSS',
    })
  }, 300_000)

  it('exact output from DAI: the receiver gets exactly the USDC asked; the sender pays the quoted DAI and gets the margin back', async () => {
    const receiver = getAddress('0x00000000000000000000000000000000000a0012')
    const dai = h.token(1, 'DAI').address
    const usdc1 = h.token(1, 'USDC').address
    const usdc42161 = h.token(42161, 'USDC').address
    const wallet = h.walletClient(1, 8)
    const wanted = parseUnits('1500', 6)
    const daiBefore = await h.balanceOf(1, dai, wallet.account.address)
    const usdcBefore = await h.balanceOf(1, usdc1, wallet.account.address)
    const { offers, offer } = await tradeAcross({
      from: dai,
      to: usdc42161,
      amount: wanted,
      account: 8,
      receiver,
      exactOut: true,
    })
    // Stargate pays an exact output of its pooled USDC too (server/cross/exactOutputTrades.test.ts)
    expect(offers.map((o) => o.tradeProtocol).sort()).toEqual(['CROSS_CHAIN_ACROSS', 'CROSS_CHAIN_STARGATE'])
    expect(offer.dstTrade.toTokenAmount).toBe(wanted.toString())
    const deposited = computeAcrossInputForOutput(wanted, 6, 6)
    expect(offer.transactionData.inputAmount).toBe(deposited.toString())
    const swapped = BigInt(String(offer.transactionData.originSwapAmount))
    // the swap covers the deposit even at the 1% slippage limit
    expect((swapped * 9_900n) / 10_000n).toBeGreaterThanOrEqual(deposited)
    expect(daiBefore - (await h.balanceOf(1, dai, wallet.account.address))).toBe(
      BigInt(offer.srcTrade.fromTokenAmount),
    )
    expect((await h.balanceOf(1, usdc1, wallet.account.address)) - usdcBefore).toBe(swapped - deposited)
    const before = await h.balanceOf(42161, usdc42161, receiver)
    expect((await filler.runOnce()).fills).toHaveLength(1)
    expect((await h.balanceOf(42161, usdc42161, receiver)) - before).toBe(wanted)
  }, 300_000)

  it('an integrator fee of 1% of the deposit reaches its recipient on the origin, and the trade is recorded for the company', async () => {
    const receiver = getAddress('0x00000000000000000000000000000000000a0013')
    const feeReceiver = getAddress('0x00000000000000000000000000000000000fee13')
    const usdc1 = h.token(1, 'USDC').address
    const usdc42161 = h.token(42161, 'USDC').address
    const wallet = h.walletClient(1, 9)
    const acme = await createApiKey(h.store, { companyName: 'Across Acme' })
    const amount = parseUnits('2020', 6)
    const usdcBefore = await h.balanceOf(1, usdc1, wallet.account.address)
    const { offer, hash } = await tradeAcross({
      from: usdc1,
      to: usdc42161,
      amount,
      account: 9,
      receiver,
      extra: { feePercentage: '0.01', feeReceiver },
      apiKey: acme.key,
    })
    // the largest deposit whose 1% fee fits beside it: 2000 USDC, fee 20 USDC
    const deposited = parseUnits('2000', 6)
    expect(offer.transactionData).toMatchObject({ feeBps: 100, feeRecipient: feeReceiver })
    expect(offer.transactionData.inputAmount).toBe(deposited.toString())
    expect(await h.balanceOf(1, usdc1, feeReceiver)).toBe(parseUnits('20', 6))
    expect(usdcBefore - (await h.balanceOf(1, usdc1, wallet.account.address))).toBe(amount)
    expect(offer.dstTrade.toTokenAmount).toBe(computeAcrossOutput(deposited, 6, 6).outputAmount.toString())
    const before = await h.balanceOf(42161, usdc42161, receiver)
    expect((await filler.runOnce()).fills).toHaveLength(1)
    expect((await h.balanceOf(42161, usdc42161, receiver)) - before).toBe(
      BigInt(offer.dstTrade.toTokenAmount),
    )

    const providers = acrossProviders()
    const tagSecret = await getIntegratorTagSecret(h.store, undefined)
    for (;;) {
      const step = await syncTrades({
        store: h.store,
        client: h.markets.get(1).client,
        chainId: 1,
        aggregator: h.deployment(1).aggregator,
        startBlock: h.deployment(1).startBlock,
        tagSecret,
        findCrossSent: (range) => findCrossSent(providers, 1, range),
      })
      if (step.kind === 'idle') break
    }
    expect(await getCrossTradeByOrigin(h.store.db, hash)).toMatchObject({
      providerId: 'across',
      companyId: acme.company.id,
      sourceChainId: 1,
      destinationChainId: 42161,
      sender: wallet.account.address,
      receiver,
      tokenIn: usdc1,
      tokenOut: usdc42161,
      amountIn: amount,
      feeAmount: parseUnits('20', 6),
    })
  }, 300_000)
  it("counts a cross-chain tag once: the company's own user sends the same tagged deposit twice, only the first is attributed", async () => {
    const receiver = getAddress('0x00000000000000000000000000000000000a0014')
    const usdc1 = h.token(1, 'USDC').address
    const usdc42161 = h.token(42161, 'USDC').address
    const wallet = h.walletClient(1, 4)
    const replayer = await createApiKey(h.store, { companyName: 'Across Replayer' })
    const amount = parseUnits('300', 6)
    const { swap, hash } = await tradeAcross({
      from: usdc1,
      to: usdc42161,
      amount,
      account: 4,
      receiver,
      apiKey: replayer.key,
    })
    // the same calldata, the same tag: a second deposit within the tag's lifetime (approval is unlimited)
    const replayed = await wallet.sendTransaction({ to: swap.to, data: swap.data })
    expect((await waitForReceipt(wallet, { hash: replayed })).status).toBe('success')

    const providers = acrossProviders()
    const tagSecret = await getIntegratorTagSecret(h.store, undefined)
    for (;;) {
      const step = await syncTrades({
        store: h.store,
        client: h.markets.get(1).client,
        chainId: 1,
        aggregator: h.deployment(1).aggregator,
        startBlock: h.deployment(1).startBlock,
        tagSecret,
        findCrossSent: (range) => findCrossSent(providers, 1, range),
      })
      if (step.kind === 'idle') break
    }
    const [first, second] = await Promise.all([
      getCrossTradeByOrigin(h.store.db, hash),
      getCrossTradeByOrigin(h.store.db, replayed),
    ])
    expect([first?.companyId, first?.amountIn, second?.companyId, second?.amountIn]).toEqual([
      replayer.company.id,
      amount,
      null,
      amount,
    ])
    expect(second?.integratorId).toBe(first?.integratorId)
    // both deposits are filled, so the later tests' filler passes see only their own
    expect((await filler.runOnce()).fills).toHaveLength(2)
  }, 300_000)
})

describe('cross-chain through Across, quoted and sent through the API', () => {
  it('USDC to USDC: both providers are offered, ranked by net output; the receiver gets exactly the Across quote', async () => {
    const receiver = getAddress('0x00000000000000000000000000000000000a0001')
    const usdc1 = h.token(1, 'USDC').address
    const usdc42161 = h.token(42161, 'USDC').address
    const amount = parseUnits('2500', 6)
    const { offers, offer, swap, hash, spent } = await tradeAcross({
      from: usdc1,
      to: usdc42161,
      amount,
      account: 6,
      receiver,
    })
    expect([...new Set(offers.map((o) => o.tradeProtocol))].sort()).toEqual([
      'CROSS_CHAIN_ACROSS',
      'CROSS_CHAIN_STARGATE',
    ])
    // ranked by net output: what arrives less the native fee, in USD
    const usdcUsd = h.markets.get(42161).getUsdPrice(usdc42161) ?? Number.NaN
    const ethUsd = h.markets.get(1).getUsdPrice(h.deployment(1).wrappedNative) ?? Number.NaN
    expect(usdcUsd * ethUsd).toBeGreaterThan(0)
    const nets = offers.map(
      (o) => (Number(o.dstTrade.toTokenAmount) / 1e6) * usdcUsd - (Number(o.nativeFee) / 1e18) * ethUsd,
    )
    expect(nets).toEqual([...nets].sort((a, b) => b - a))
    expect(offers.find((o) => o.tradeProtocol === 'CROSS_CHAIN_STARGATE')?.nativeFee).not.toBe('0')
    expect(offer.dstTrade.toTokenAmount).toBe(computeAcrossOutput(amount, 6, 6).outputAmount.toString())
    expect(offer.nativeFee).toBe('0')
    expect(swap.nativeValue).toBe('0')
    expect(swap.approvalAddress).toBe(h.deployment(1).across?.entry)
    expect(spent).toBe(0n)
    expect(await status(hash)).toMatchObject({ status: 'INFLIGHT', refunded: false, dstTxHash: null })

    const before = await h.balanceOf(42161, usdc42161, receiver)
    const pass = await filler.runOnce()
    expect(pass.fills).toHaveLength(1)
    expect((await h.balanceOf(42161, usdc42161, receiver)) - before).toBe(
      BigInt(offer.dstTrade.toTokenAmount),
    )
    expect(await status(hash)).toMatchObject({
      status: 'DELIVERED',
      srcChainId: 1,
      dstChainId: 42161,
      dstTxHash: pass.fills[0]?.txHash,
      amountReceived: offer.dstTrade.toTokenAmount,
      receivedDifferentTokens: false,
      refunded: false,
      tradeProtocol: 'CROSS_CHAIN_ACROSS',
    })
  }, 300_000)

  it('USDC to USDT through our handler: the destination swap pays exactly the quoted amount', async () => {
    const receiver = getAddress('0x00000000000000000000000000000000000a0002')
    const usdt = h.token(42161, 'USDT').address
    const { offer, hash } = await tradeAcross({
      from: h.token(1, 'USDC').address,
      to: usdt,
      amount: parseUnits('1200', 6),
      account: 6,
      receiver,
    })
    const before = await h.balanceOf(42161, usdt, receiver)
    expect((await filler.runOnce()).fills).toHaveLength(1)
    expect((await h.balanceOf(42161, usdt, receiver)) - before).toBe(BigInt(offer.dstTrade.toTokenAmount))
    expect(await status(hash)).toMatchObject({
      status: 'DELIVERED',
      amountReceived: offer.dstTrade.toTokenAmount,
      receivedDifferentTokens: false,
    })
  }, 300_000)

  it('ETH to ETH: nativeValue is the amount; the receiver gets exactly the quote in native', async () => {
    const receiver = getAddress('0x00000000000000000000000000000000000a0003')
    const amount = parseEther('0.5')
    const { offer, swap, spent } = await tradeAcross({
      from: zeroAddress,
      to: zeroAddress,
      amount,
      account: 7,
      receiver,
    })
    expect(BigInt(swap.nativeValue)).toBe(amount)
    expect(spent).toBe(amount)
    const before = await h.balanceOf(42161, zeroAddress, receiver)
    await filler.runOnce()
    expect((await h.balanceOf(42161, zeroAddress, receiver)) - before).toBe(
      BigInt(offer.dstTrade.toTokenAmount),
    )
  }, 300_000)

  it('exact output: Across quotes it with the input it needs, and the receiver gets exactly the amount asked', async () => {
    const receiver = getAddress('0x00000000000000000000000000000000000a0005')
    const usdc42161 = h.token(42161, 'USDC').address
    const wanted = parseUnits('1000', 6)
    const { offers, offer, hash } = await tradeAcross({
      from: h.token(1, 'USDC').address,
      to: usdc42161,
      amount: wanted,
      account: 7,
      receiver,
      exactOut: true,
    })
    // Stargate pays an exact output of its pooled USDC too (server/cross/exactOutputTrades.test.ts)
    expect(offers.map((o) => o.tradeProtocol).sort()).toEqual(['CROSS_CHAIN_ACROSS', 'CROSS_CHAIN_STARGATE'])
    expect(offer.dstTrade.toTokenAmount).toBe(wanted.toString())
    const input = computeAcrossInputForOutput(wanted, 6, 6)
    expect(offer.srcTrade.fromTokenAmount).toBe(input.toString())
    expect(computeAcrossOutput(input, 6, 6).outputAmount).toBe(wanted)
    const before = await h.balanceOf(42161, usdc42161, receiver)
    await filler.runOnce()
    expect((await h.balanceOf(42161, usdc42161, receiver)) - before).toBe(wanted)
    expect(await status(hash)).toMatchObject({ status: 'DELIVERED', amountReceived: wanted.toString() })
  }, 300_000)

  it('exact output of a token neither bridges (DAI): 422 NO_ROUTE saying which tokens each pays exactly', async () => {
    const res = await request({
      from: h.token(1, 'USDC').address,
      to: h.token(42161, 'DAI').address,
      amount: parseUnits('1000', 18),
      account: 7,
      receiver: getAddress('0x00000000000000000000000000000000000a0006'),
      exactOut: true,
    })
    expect(res.status).toBe(422)
    const body = (await res.json()) as { error?: { code: string; details?: { reasons?: string[] } } }
    expect(body.error?.code).toBe('NO_ROUTE')
    expect(body.error?.details?.reasons).toEqual([
      'Stargate pays an exact output on Arbitrum One only in an asset it pools there (USDC, USDT, ETH as the native coin), not DAI: a destination swap is not exact. Ask for one of them, or quote the exact input',
      `Across pays an exact output on Arbitrum One only in a token it bridges there (USDC, USDT, WETH; the native coin for WETH), not DAI: a destination swap is not exact. Ask for one of them, or quote the exact input`,
    ])
  })

  it('a deposit nobody fills is refunded to the sender after its deadline, and the status says so', async () => {
    const receiver = getAddress('0x00000000000000000000000000000000000a0004')
    const usdc = h.token(1, 'USDC').address
    const wallet = h.walletClient(1, 6)
    const amount = parseUnits('700', 6)
    const before = await h.balanceOf(1, usdc, wallet.account.address)
    const { hash } = await tradeAcross({
      from: usdc,
      to: h.token(42161, 'USDC').address,
      amount,
      account: 6,
      receiver,
    })
    expect(await h.balanceOf(1, usdc, wallet.account.address)).toBe(before - amount)
    // the filler is stopped: it only watches, as the dataworker
    expect((await filler.runOnce({ fill: false })).fills).toEqual([])
    const arbitrum = h.deployerClient(42161)
    await arbitrum.increaseTime({ seconds: 3_600 })
    await arbitrum.mine({ blocks: 1 })
    const pass = await filler.runOnce()
    expect(pass.fills).toEqual([])
    expect(pass.bundles).toHaveLength(1)
    expect(await h.balanceOf(1, usdc, wallet.account.address)).toBe(before)
    expect(await h.balanceOf(42161, h.token(42161, 'USDC').address, receiver)).toBe(0n)
    const refunded = await status(hash)
    expect(refunded).toMatchObject({ status: 'FAILED', refunded: true, amountReceived: amount.toString() })
    // the refund's own transaction on the origin, which paid the sender back
    const refundTx = await h.markets.get(1).client.getTransactionReceipt({ hash: refunded.dstTxHash as Hex })
    const [refundLog] = parseEventLogs({
      abi: acrossSpokePoolAbi,
      eventName: 'ExecutedRelayerRefundRoot',
      logs: refundTx.logs,
    })
    expect(refundLog?.args.refundAddresses).toEqual([wallet.account.address])
    expect(refundLog?.args.refundAmounts).toEqual([amount])
  }, 300_000)
})
