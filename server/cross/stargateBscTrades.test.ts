import { type Address, getAddress, parseEther, parseUnits, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitForReceipt } from '../../contracts/deploy/waitForReceipt'
import { type AcrossFiller, createAcrossFiller } from '../../devnet/across/createAcrossFiller'
import { relayUntilIdle } from '../../devnet/layerZeroRelayer/relayUntilIdle'
import { computeAcrossOutput } from '../providers/across/acrossFees'
import { createAcrossProvider } from '../providers/across/createAcrossProvider'
import { createStargateProvider } from '../providers/stargate/createStargateProvider'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'

// Stargate between Ethereum (USDC/USDT with 6 decimals) and BNB Chain (USDC/USDT with 18): the pools share 6
// decimals, so every amount must be converted into the decimals of the token it names.

interface CrossAnswer {
  dstTrade: { toTokenAmount: string }
  nativeFee: string
  tradeProtocol: string
  route: { sourceSwap: boolean; destinationSwap: boolean } | null
  fees: { kind: string; chainId: number; token: string; amount: string }[]
  transactionData: Record<string, unknown> & { params: { minQuote: string; actualQuote: string } }
}
interface SwapAnswer {
  to: `0x${string}`
  data: `0x${string}`
  nativeValue: string
  approvalAddress?: string
}

let h: DevnetHarness
let filler: AcrossFiller

beforeAll(async () => {
  h = await startDevnetHarness({
    chainIds: [1, 56],
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

/** FeeLibV1's fee on the devnet (600 millionths, rounded up by one unit) taken from an amount in shared units. */
const afterStargateFee = (amountSD: bigint) => amountSD - ((amountSD * 600n) / 1_000_000n + 1n)
const atSlippage = (amount: bigint) => (amount * 9_900n) / 10_000n

interface Trade {
  chains: [number, number]
  from: string
  to: string
  amount: bigint
  account: number
  receiver: Address
}

/** Quotes through the API; `stargate` is the best Stargate offer, or the best one `pick` accepts. */
async function quote(t: Trade, pick: (offer: CrossAnswer) => boolean = () => true) {
  const [source, destination] = t.chains
  await h.refreshAll()
  const query = new URLSearchParams({
    fromTokenAddress: t.from,
    toTokenAddress: t.to,
    amount: t.amount.toString(),
    destinationChainId: String(destination),
    sender: h.account(t.account).address,
    receiver: t.receiver,
    slippage: '0.01',
    disableEstimate: 'true',
  })
  const res = await h.request(`/trade/v1/${source}/quote/cross?${query}`)
  const offers = (await res.json()) as CrossAnswer[]
  expect(res.status, JSON.stringify(offers)).toBe(200)
  const stargate = offers.find((o) => o.tradeProtocol === 'CROSS_CHAIN_STARGATE' && pick(o))
  if (stargate === undefined) throw new Error('no Stargate offer')
  return { offers, stargate }
}

/** Builds `offer` by POST swap/cross, sends it from the trade's account; returns what the sender paid of `from`. */
async function send(t: Trade, offer: CrossAnswer) {
  const [source] = t.chains
  const wallet = h.walletClient(source, t.account)
  const posted = await h.request(`/trade/v1/${source}/swap/cross`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ transactionData: offer.transactionData, account: wallet.account.address }),
  })
  const swap = (await posted.json()) as SwapAnswer
  expect(posted.status, JSON.stringify(swap)).toBe(200)
  if (swap.approvalAddress !== undefined)
    await h.approve(wallet, getAddress(t.from), getAddress(swap.approvalAddress))
  const before = await h.balanceOf(source, getAddress(t.from), wallet.account.address)
  const hash = await wallet.sendTransaction({
    to: swap.to,
    data: swap.data,
    value: BigInt(swap.nativeValue),
    gas: 2_500_000n,
  })
  const receipt = await waitForReceipt(wallet, { hash })
  expect(receipt.status).toBe('success')
  const paid = before - (await h.balanceOf(source, getAddress(t.from), wallet.account.address))
  return { hash, paid }
}

/** Sends the Stargate offer, relays it, and returns what the receiver got of `to`. */
async function tradeStargate(t: Trade, pick?: (offer: CrossAnswer) => boolean) {
  const { offers, stargate } = await quote(t, pick)
  const { hash, paid } = await send(t, stargate)
  const before = await h.balanceOf(t.chains[1], getAddress(t.to), t.receiver)
  await relayUntilIdle({ deployments: h.deployments })
  const received = (await h.balanceOf(t.chains[1], getAddress(t.to), t.receiver)) - before
  return { offers, stargate, hash, paid, received }
}

describe('Stargate to and from BNB Chain: every amount in the decimals of its own token', () => {
  it('6 -> 18, USDC on Ethereum to USDC on BNB Chain: the quote, its minimum and the delivery are 18-decimal amounts', async () => {
    const receiver = getAddress('0x00000000000000000000000000000000000b5c01')
    const t: Trade = {
      chains: [1, 56],
      from: h.token(1, 'USDC').address,
      to: h.token(56, 'USDC').address,
      amount: parseUnits('100', 6),
      account: 2,
      receiver,
    }
    const { offers, stargate, received, hash } = await tradeStargate(t)
    const arrivedSD = afterStargateFee(100_000_000n)
    const expected = arrivedSD * 10n ** 12n
    expect(stargate.dstTrade.toTokenAmount).toBe(expected.toString())
    expect(stargate.transactionData.params).toMatchObject({
      actualQuote: expected.toString(),
      minQuote: expected.toString(),
    })
    // the pool's own minimum is checked on the origin, in the origin pool's decimals
    expect(stargate.transactionData).toMatchObject({
      minAmountLD: arrivedSD.toString(),
      bridgeAmount: expected.toString(),
    })
    // Stargate's fee leaves the bridged USDC on the origin
    expect(stargate.fees.find((f) => f.kind === 'protocol')).toEqual({
      kind: 'protocol',
      chainId: 1,
      token: h.token(1, 'USDC').address,
      amount: (100_000_000n - arrivedSD).toString(),
    })
    expect(received).toBe(expected)
    expect(await (await h.request(`/trade/v1/info/tx/${hash}`)).json()).toMatchObject({
      status: 'DELIVERED',
      amountReceived: expected.toString(),
    })
    // Across's 99.96 USDC, also in 18 decimals, ranks first; filled, it pays exactly its quote
    const across = offers[0]
    expect(across?.tradeProtocol).toBe('CROSS_CHAIN_ACROSS')
    expect(across?.dstTrade.toTokenAmount).toBe(computeAcrossOutput(t.amount, 6, 18).outputAmount.toString())
    if (across === undefined) throw new Error('no Across offer')
    await send(t, across)
    const beforeFill = await h.balanceOf(56, getAddress(t.to), receiver)
    expect((await filler.runOnce()).fills).toHaveLength(1)
    expect((await h.balanceOf(56, getAddress(t.to), receiver)) - beforeFill).toBe(
      BigInt(across.dstTrade.toTokenAmount),
    )
  }, 300_000)

  it('18 -> 6, USDC on BNB Chain to USDC on Ethereum: 6-decimal quote, the sub-shared-decimal dust stays with the sender; Across outranks it in the same units', async () => {
    const receiver = getAddress('0x00000000000000000000000000000000000b5c02')
    const dust = 123_456_789n
    const amount = parseUnits('100', 18) + dust
    const { offers, stargate, paid, received } = await tradeStargate({
      chains: [56, 1],
      from: h.token(56, 'USDC').address,
      to: h.token(1, 'USDC').address,
      amount,
      account: 2,
      receiver,
    })
    const expected = afterStargateFee(100_000_000n)
    expect(stargate.dstTrade.toTokenAmount).toBe(expected.toString())
    expect(stargate.transactionData.params.minQuote).toBe(expected.toString())
    expect(stargate.transactionData).toMatchObject({
      minAmountLD: (expected * 10n ** 12n).toString(),
      bridgeAmount: expected.toString(),
    })
    expect(received).toBe(expected)
    // Stargate sends only a multiple of its conversion rate (10^12): the rest comes back to the sender
    expect(paid).toBe(amount - dust)
    // Across pays 99.96 USDC without a native fee: it ranks first, and both quotes are 6-decimal amounts
    expect(offers.slice(0, 2).map((o) => [o.tradeProtocol, o.dstTrade.toTokenAmount])).toEqual([
      ['CROSS_CHAIN_ACROSS', computeAcrossOutput(amount, 18, 6).outputAmount.toString()],
      ['CROSS_CHAIN_STARGATE', expected.toString()],
    ])
  }, 300_000)

  it('18 -> 6 through a destination swap, USDT on BNB Chain to USDC on Ethereum: the receiver gets exactly the 6-decimal quote, Across still outranks it', async () => {
    const receiver = getAddress('0x00000000000000000000000000000000000b5c03')
    const t: Trade = {
      chains: [56, 1],
      from: h.token(56, 'USDT').address,
      to: h.token(1, 'USDC').address,
      amount: parseUnits('100', 18),
      account: 3,
      receiver,
    }
    const { offers, stargate } = await quote(t)
    expect(offers[0]?.tradeProtocol).toBe('CROSS_CHAIN_ACROSS')
    const actual = BigInt(stargate.dstTrade.toTokenAmount)
    // 100 USDT less Stargate's 0.06 % and the swap's fee: between 99 and 100 USDC
    expect(actual > 99_000_000n && actual < 100_000_000n).toBe(true)
    expect(stargate.transactionData.params.minQuote).toBe(atSlippage(actual).toString())
    const { hash } = await send(t, stargate)
    const before = await h.balanceOf(1, getAddress(t.to), receiver)
    await relayUntilIdle({ deployments: h.deployments })
    expect((await h.balanceOf(1, getAddress(t.to), receiver)) - before).toBe(actual)
    expect(await (await h.request(`/trade/v1/info/tx/${hash}`)).json()).toMatchObject({
      status: 'DELIVERED',
      amountReceived: actual.toString(),
    })
    // the Across offer ranked above it, filled, pays its own 6-decimal quote
    const across = offers[0]
    if (across === undefined) throw new Error('no Across offer')
    await send(t, across)
    const beforeFill = await h.balanceOf(1, getAddress(t.to), receiver)
    expect((await filler.runOnce()).fills).toHaveLength(1)
    expect((await h.balanceOf(1, getAddress(t.to), receiver)) - beforeFill).toBe(
      BigInt(across.dstTrade.toTokenAmount),
    )
  }, 300_000)

  it("6 -> 18, USDC on Ethereum to USDT on BNB Chain, swapped on the origin: the minimum is the pool's own, in 18 decimals", async () => {
    const receiver = getAddress('0x00000000000000000000000000000000000b5c05')
    const { stargate, received } = await tradeStargate(
      {
        chains: [1, 56],
        from: h.token(1, 'USDC').address,
        to: h.token(56, 'USDT').address,
        amount: parseUnits('100', 6),
        account: 4,
        receiver,
      },
      (o) => o.route?.sourceSwap === true && !o.route.destinationSwap,
    )
    const actual = BigInt(stargate.dstTrade.toTokenAmount)
    expect(actual > parseUnits('99', 18) && actual < parseUnits('100', 18)).toBe(true)
    // USDT arrives as bridged: the minimum is the pool's minAmountLD (6 decimals on Ethereum) in 18 decimals
    const minAmountLD = atSlippage(actual / 10n ** 12n)
    expect(stargate.transactionData.minAmountLD).toBe(minAmountLD.toString())
    expect(stargate.transactionData.params.minQuote).toBe((minAmountLD * 10n ** 12n).toString())
    expect(received).toBe(actual)
  }, 300_000)

  it('6 -> 18 through a destination swap, USDC on Ethereum to USDT on BNB Chain: the composer swaps the 18-decimal USDC and pays exactly the quote', async () => {
    const receiver = getAddress('0x00000000000000000000000000000000000b5c08')
    const { stargate, received } = await tradeStargate(
      {
        chains: [1, 56],
        from: h.token(1, 'USDC').address,
        to: h.token(56, 'USDT').address,
        amount: parseUnits('100', 6),
        account: 4,
        receiver,
      },
      (o) => o.route?.destinationSwap === true && !o.route.sourceSwap,
    )
    const bridged = afterStargateFee(100_000_000n) * 10n ** 12n
    expect(stargate.transactionData.bridgeAmount).toBe(bridged.toString())
    const actual = BigInt(stargate.dstTrade.toTokenAmount)
    expect(actual > parseUnits('99', 18) && actual < bridged).toBe(true)
    expect(stargate.transactionData.params.minQuote).toBe(atSlippage(actual).toString())
    expect(received).toBe(actual)
  }, 300_000)

  it('native ETH on Ethereum to native BNB: swapped on both sides, the receiver gets exactly the 18-decimal quote', async () => {
    const receiver = getAddress('0x00000000000000000000000000000000000b5c06')
    const { stargate, received } = await tradeStargate({
      chains: [1, 56],
      from: zeroAddress,
      to: zeroAddress,
      amount: parseEther('0.1'),
      account: 5,
      receiver,
    })
    const actual = BigInt(stargate.dstTrade.toTokenAmount)
    // 0.1 ETH ($300 on the devnet) is half a BNB ($600) less fees, not a few hundred thousand wei
    expect(actual > parseEther('0.49') && actual < parseEther('0.5')).toBe(true)
    expect(stargate.transactionData.params.minQuote).toBe(atSlippage(actual).toString())
    expect(received).toBe(actual)
  }, 300_000)

  it('native BNB to native ETH on Ethereum: 18 -> 6 bridged, swapped on both sides, paid exactly', async () => {
    const receiver = getAddress('0x00000000000000000000000000000000000b5c07')
    const { stargate, received } = await tradeStargate({
      chains: [56, 1],
      from: zeroAddress,
      to: zeroAddress,
      amount: parseEther('1'),
      account: 6,
      receiver,
    })
    const actual = BigInt(stargate.dstTrade.toTokenAmount)
    // 1 BNB ($600) is 0.2 ETH ($3 000) less fees
    expect(actual > parseEther('0.196') && actual < parseEther('0.2')).toBe(true)
    expect(stargate.transactionData.params.minQuote).toBe(atSlippage(actual).toString())
    expect(received).toBe(actual)
  }, 300_000)
})
