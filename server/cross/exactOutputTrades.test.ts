import { type Address, getAddress, parseEther, parseUnits, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitForReceipt } from '../../contracts/deploy/waitForReceipt'
import { type AcrossFiller, createAcrossFiller } from '../../devnet/across/createAcrossFiller'
import { relayUntilIdle } from '../../devnet/layerZeroRelayer/relayUntilIdle'
import { AppError } from '../errors'
import { computeAcrossInputForOutput } from '../providers/across/acrossFees'
import { createAcrossProvider } from '../providers/across/createAcrossProvider'
import { createStargateProvider } from '../providers/stargate/createStargateProvider'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'

// Exact output across chains from any token (issue 40, item 7): the origin swaps the input to the asset that
// crosses, planned so that exactly the amount asked arrives; Across's fill and Stargate's send pay it to the wei.

interface Offer {
  srcTrade: { fromTokenAmount: string; toTokenAmount: string; tradeType?: number }
  dstTrade: { toTokenAmount: string }
  nativeFee: string
  tradeProtocol: string
  route: { via: string; sourceSwap: boolean; destinationSwap: boolean }
  transactionData: Record<string, unknown> & { params: { minQuote: string; actualQuote: string } }
}
interface SwapAnswer {
  to: Address
  data: `0x${string}`
  nativeValue: string
  approvalAddress?: Address
}
interface Refusal {
  message: string
  error: { code: string; details?: { reasons?: string[]; param?: string } }
}

let h: DevnetHarness
let filler: AcrossFiller

beforeAll(async () => {
  h = await startDevnetHarness({
    chainIds: [1, 56, 42161],
    crossProviders: ({ deployments, markets }) => [
      createStargateProvider({ deployments, markets }),
      createAcrossProvider({ deployments, markets }),
    ],
  })
  filler = createAcrossFiller({ deployments: h.deployments })
}, 600_000)

afterAll(async () => {
  await h?.stop()
})

interface Trade {
  from: string
  to: string
  /** Exactly what the receiver must get, in the output's base units. */
  exact: bigint
  account: number
  receiver: Address
  destination?: number
  extra?: Record<string, string>
}

async function requestQuote(t: Trade) {
  await h.refreshAll()
  const query = new URLSearchParams({
    fromTokenAddress: t.from,
    toTokenAddress: t.to,
    amount: t.exact.toString(),
    isExactOut: 'true',
    destinationChainId: String(t.destination ?? 42161),
    sender: h.account(t.account).address,
    receiver: t.receiver,
    slippage: '0.01',
    disableEstimate: 'true',
    ...t.extra,
  })
  return h.request(`/trade/v1/1/quote/cross?${query}`)
}

async function quote(t: Trade): Promise<Offer[]> {
  const res = await requestQuote(t)
  const offers = (await res.json()) as Offer[]
  expect(res.status, JSON.stringify(offers)).toBe(200)
  // every offer pays exactly the amount asked, and no less at its minimum
  for (const offer of offers)
    expect([offer.dstTrade.toTokenAmount, offer.transactionData.params.minQuote]).toEqual([
      t.exact.toString(),
      t.exact.toString(),
    ])
  return offers
}

/**
 * Builds `offer` by POST swap/cross, sends it from the trade's account and delivers it (the Across filler, or the
 * LayerZero relayer); returns what the receiver got of `to`, what the sender paid of `from` (wei besides the
 * gas for a native input) and the bridged token it got back on the origin.
 */
async function send(t: Trade, offer: Offer, bridged: Address) {
  const wallet = h.walletClient(1, t.account)
  const sender = wallet.account.address
  const native = t.from === zeroAddress
  const post = async () => {
    const res = await h.request('/trade/v1/1/swap/cross', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ transactionData: offer.transactionData, account: sender }),
    })
    const swap = (await res.json()) as SwapAnswer
    expect(res.status, JSON.stringify(swap)).toBe(200)
    return swap
  }
  let swap = await post()
  if (swap.approvalAddress !== undefined) {
    await h.approve(wallet, getAddress(t.from), swap.approvalAddress)
    swap = await post()
  }
  const destination = t.destination ?? 42161
  const fromBefore = await h.balanceOf(1, getAddress(t.from), sender)
  const bridgedBefore = await h.balanceOf(1, bridged, sender)
  const toBefore = await h.balanceOf(destination, getAddress(t.to), t.receiver)
  const hash = await wallet.sendTransaction({
    to: swap.to,
    data: swap.data,
    value: BigInt(swap.nativeValue),
    gas: 2_500_000n,
  })
  const receipt = await waitForReceipt(wallet, { hash })
  expect(receipt.status).toBe('success')
  const gas = native ? receipt.gasUsed * receipt.effectiveGasPrice : 0n
  const paid = fromBefore - (await h.balanceOf(1, getAddress(t.from), sender)) - gas
  const refunded = (await h.balanceOf(1, bridged, sender)) - bridgedBefore
  if (offer.tradeProtocol === 'CROSS_CHAIN_ACROSS') expect((await filler.runOnce()).fills).toHaveLength(1)
  else await relayUntilIdle({ deployments: h.deployments })
  const received = (await h.balanceOf(destination, getAddress(t.to), t.receiver)) - toBefore
  return { swap, paid, refunded, received }
}

const byProtocol = (offers: Offer[], protocol: string) => {
  const offer = offers.find((o) => o.tradeProtocol === protocol)
  if (offer === undefined) throw new Error(`no ${protocol} offer`)
  return offer
}

describe('exact output across chains from any token', () => {
  it('ETH on Ethereum to exactly 1,000 USDC on Arbitrum: Across and Stargate both pay exactly 1,000 USDC', async () => {
    const usdc1 = h.token(1, 'USDC').address
    const wanted = parseUnits('1000', 6)
    const trade = (receiver: Address): Trade => ({
      from: zeroAddress,
      to: h.token(42161, 'USDC').address,
      exact: wanted,
      account: 3,
      receiver,
    })
    const offers = await quote(trade(getAddress('0x00000000000000000000000000000000000e0001')))
    expect(offers.map((o) => o.tradeProtocol).sort()).toEqual(['CROSS_CHAIN_ACROSS', 'CROSS_CHAIN_STARGATE'])

    // Across: the entry swaps ETH to USDC, deposits exactly what the relayer's fee turns into 1,000 USDC
    const across = byProtocol(offers, 'CROSS_CHAIN_ACROSS')
    const deposit = computeAcrossInputForOutput(wanted, 6, 6)
    expect([across.route, across.srcTrade.tradeType, across.transactionData.inputAmount]).toEqual([
      { via: 'USDC', sourceSwap: true, destinationSwap: false },
      1,
      deposit.toString(),
    ])
    const acrossSent = await send(
      trade(getAddress('0x00000000000000000000000000000000000e0001')),
      across,
      usdc1,
    )
    expect([acrossSent.received, acrossSent.paid, acrossSent.swap.nativeValue]).toEqual([
      wanted,
      BigInt(across.srcTrade.fromTokenAmount),
      across.srcTrade.fromTokenAmount,
    ])
    // the swap's margin over the deposit comes back to the sender in USDC
    expect(acrossSent.refunded).toBe(BigInt(across.srcTrade.toTokenAmount) - deposit)

    // Stargate: the entry swaps ETH to USDC and sends exactly what the pool's fee turns into 1,000 USDC
    const stargate = byProtocol(
      await quote(trade(getAddress('0x00000000000000000000000000000000000e0002'))),
      'CROSS_CHAIN_STARGATE',
    )
    const sendLD = BigInt(String(stargate.transactionData.exactAmountLD))
    // FeeLibV1 on the devnet (600 millionths, one unit more): the least amount that arrives exactly 1,000 USDC
    const arrives = (amount: bigint) => amount - ((amount * 600n) / 1_000_000n + 1n)
    expect([arrives(sendLD), arrives(sendLD - 1n) < wanted]).toEqual([wanted, true])
    expect(stargate.transactionData.minBridgeAmount).toBe(sendLD.toString())
    const stargateSent = await send(
      trade(getAddress('0x00000000000000000000000000000000000e0002')),
      stargate,
      usdc1,
    )
    expect([stargateSent.received, stargateSent.paid, stargateSent.swap.nativeValue]).toEqual([
      wanted,
      BigInt(stargate.srcTrade.fromTokenAmount) + BigInt(stargate.nativeFee),
      (BigInt(stargate.srcTrade.fromTokenAmount) + BigInt(stargate.nativeFee)).toString(),
    ])
    expect(stargateSent.refunded).toBe(BigInt(stargate.srcTrade.toTokenAmount) - sendLD)
  }, 300_000)

  it('USDC to exactly 0.2 WETH on Arbitrum: Across delivers the token itself through our handler', async () => {
    const weth42161 = h.deployment(42161).wrappedNative
    const receiver = getAddress('0x00000000000000000000000000000000000e0003')
    const trade: Trade = {
      from: h.token(1, 'USDC').address,
      to: weth42161,
      exact: parseEther('0.2'),
      account: 3,
      receiver,
    }
    const offers = await quote(trade)
    // Stargate carries ETH as the native coin only: WETH would take a destination swap
    expect(offers.map((o) => [o.tradeProtocol, o.route])).toEqual([
      ['CROSS_CHAIN_ACROSS', { via: 'WETH', sourceSwap: true, destinationSwap: false }],
    ])
    const [across] = offers
    if (across === undefined) throw new Error('no offer')
    expect(across.transactionData.handler).toBe(h.deployment(42161).across?.handler)
    const nativeBefore = await h.balanceOf(42161, zeroAddress, receiver)
    const sent = await send(trade, across, h.deployment(1).wrappedNative)
    expect([sent.received, await h.balanceOf(42161, zeroAddress, receiver)]).toEqual([
      parseEther('0.2'),
      nativeBefore,
    ])
    expect(sent.paid).toBe(BigInt(across.srcTrade.fromTokenAmount))
  }, 300_000)

  it('ETH to exactly 0.5 ETH on Arbitrum: Stargate sends exactly 0.5 ETH from its native pool, the rest comes back', async () => {
    const receiver = getAddress('0x00000000000000000000000000000000000e0004')
    const trade: Trade = {
      from: zeroAddress,
      to: zeroAddress,
      exact: parseEther('0.5'),
      account: 4,
      receiver,
    }
    const stargate = byProtocol(await quote(trade), 'CROSS_CHAIN_STARGATE')
    expect(stargate.route).toEqual({ via: 'ETH', sourceSwap: false, destinationSwap: false })
    const sent = await send(trade, stargate, zeroAddress)
    expect([sent.received, sent.paid]).toEqual([
      parseEther('0.5'),
      BigInt(stargate.srcTrade.fromTokenAmount) + BigInt(stargate.nativeFee),
    ])
  }, 300_000)

  it('an integrator fee of 1% on an exact Stargate output: the fee is 1% of what is sent, the receiver gets exactly the amount', async () => {
    const usdc1 = h.token(1, 'USDC').address
    const feeReceiver = getAddress('0x00000000000000000000000000000000000fee07')
    const receiver = getAddress('0x00000000000000000000000000000000000e0005')
    const trade: Trade = {
      from: h.token(1, 'DAI').address,
      to: h.token(42161, 'USDC').address,
      exact: parseUnits('500', 6),
      account: 4,
      receiver,
      extra: { feePercentage: '0.01', feeReceiver },
    }
    const stargate = byProtocol(await quote(trade), 'CROSS_CHAIN_STARGATE')
    const sendLD = BigInt(String(stargate.transactionData.exactAmountLD))
    const fee = sendLD / 100n
    expect(stargate.transactionData.minBridgeAmount).toBe((sendLD + fee).toString())
    const sent = await send(trade, stargate, usdc1)
    expect([sent.received, await h.balanceOf(1, usdc1, feeReceiver)]).toEqual([parseUnits('500', 6), fee])
    expect(sent.paid).toBe(BigInt(stargate.srcTrade.fromTokenAmount))
  }, 300_000)

  it('USDC on Ethereum to exactly 1,000 USDC on BNB Chain (18 decimals): Stargate pays exactly 10^21 base units', async () => {
    const receiver = getAddress('0x00000000000000000000000000000000000e0006')
    const usdc56 = h.token(56, 'USDC').address
    const trade: Trade = {
      from: h.token(1, 'USDC').address,
      to: usdc56,
      exact: parseUnits('1000', 18),
      account: 5,
      receiver,
      destination: 56,
    }
    const stargate = byProtocol(await quote(trade), 'CROSS_CHAIN_STARGATE')
    const sent = await send(trade, stargate, h.token(1, 'USDC').address)
    expect([sent.received, sent.paid]).toEqual([
      parseUnits('1000', 18),
      BigInt(stargate.srcTrade.fromTokenAmount),
    ])
  }, 300_000)

  it('an amount finer than the 6 decimals Stargate carries: Stargate refuses it plainly, Across still pays it exactly', async () => {
    const odd = parseUnits('1000', 18) + 1n
    const trade: Trade = {
      from: h.token(1, 'USDC').address,
      to: h.token(56, 'USDC').address,
      exact: odd,
      account: 5,
      receiver: getAddress('0x00000000000000000000000000000000000e0007'),
      destination: 56,
    }
    expect((await quote(trade)).map((o) => o.tradeProtocol)).toEqual(['CROSS_CHAIN_ACROSS'])
    const stargate = createStargateProvider({ deployments: h.deployments, markets: h.markets })
    const refusal = await stargate
      .quote(
        {
          from: { chainId: 1, address: trade.from, decimals: 6 },
          to: { chainId: 56, address: trade.to, decimals: 18 },
          amountIn: odd,
          exactAmountOut: odd,
          sender: h.account(5).address,
          receiver: trade.receiver,
          slippage: 0.01,
        },
        { signal: new AbortController().signal },
      )
      .catch((error: unknown) => error)
    expect(refusal instanceof AppError && [refusal.code, refusal.message, refusal.details]).toEqual([
      'INVALID_PARAMS',
      'Stargate carries 6 decimals: an exact output of USDC in its 18 decimals must be a multiple of 1000000000000 base units',
      {
        param: 'amount',
        provider: 'stargate',
        multipleOf: '1000000000000',
        below: parseUnits('1000', 18).toString(),
      },
    ])
  }, 300_000)

  it('exactly 100 DAI on Arbitrum, which neither bridges: 422 NO_ROUTE saying plainly what each can pay exactly', async () => {
    const res = await requestQuote({
      from: h.token(1, 'USDC').address,
      to: h.token(42161, 'DAI').address,
      exact: parseUnits('100', 18),
      account: 5,
      receiver: getAddress('0x00000000000000000000000000000000000e0008'),
    })
    const body = (await res.json()) as Refusal
    expect([res.status, body.message, body.error.code, body.error.details?.reasons]).toEqual([
      422,
      'No cross chain provider available for this trade',
      'NO_ROUTE',
      [
        'Stargate pays an exact output on Arbitrum One only in an asset it pools there (USDC, USDT, ETH as the native coin), not DAI: a destination swap is not exact. Ask for one of them, or quote the exact input',
        'Across pays an exact output on Arbitrum One only in a token it bridges there (USDC, USDT, WETH; the native coin for WETH), not DAI: a destination swap is not exact. Ask for one of them, or quote the exact input',
      ],
    ])
  }, 300_000)
})
