import { type Address, getAddress, isAddressEqual, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stargateFeeMillionth } from '../../contracts/deploy/deployStargate'
import { waitForReceipt } from '../../contracts/deploy/waitForReceipt'
import { relayUntilIdle } from '../../devnet/layerZeroRelayer/relayUntilIdle'
import { createStargateProvider } from '../providers/stargate/createStargateProvider'
import { quoteRouteSteps, STEP_SHARE_ONE } from '../routing/quoteRouteSteps'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'

/** A leg as the answers carry it (`srcTrade`, `dstTrade` and the lists' elements). */
interface Leg {
  chainId: number
  fromTokenAmount: string
  toTokenAmount: string
  deltaAmount: string
  tokenFrom: { contractAddress: string; symbol: string }
  tokenTo: { contractAddress: string; symbol: string }
  tradeType: number
  protocol: { name: string; route: string[]; percentage: number }[]
  transactionData: {
    info: Record<string, unknown>
    call: { targetExchangeID: string; amount: string; amountDelta: string }[]
    pools: string[]
  }
}
interface Offer {
  srcTrade: Leg
  dstTrade: Leg
  srcTradeList: Leg[]
  dstTradeList: Leg[]
  tradeProtocol: string
  nativeFee: string
  route: { via: string; sourceSwap: boolean; destinationSwap: boolean }
  transactionData: Record<string, unknown> & {
    srcCalls: unknown[]
    dstCalls: unknown[]
    params: { actualQuote: string; minQuote: string; nativeFee: string; via: string }
  }
}
interface Selected {
  bridgeAsset: string
  bridgeToken: string
  stableAmount: string
  toTokenAmount: string
  nativeFee: string
  dstTrade: Leg
  dstTradeList: Leg[]
}
interface ErrorBody {
  message: string
  error: { code: string; details?: { param?: string } }
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

const ACCOUNT = 5
const receiver = getAddress('0x00000000000000000000000000000000000c1e55')

/** What a path of pools (ids in order) pays for `amountIn` on the chain's current snapshot, hop by hop. */
function pays(chainId: number, tokenIn: Address, pools: readonly string[], amountIn: bigint): bigint {
  const snapshot = h.markets.get(chainId).getSnapshot().pools
  let holding = tokenIn
  const steps = pools.map((id) => {
    const pool = snapshot.find((p) => p.address.toLowerCase() === id.toLowerCase())
    if (pool === undefined) throw new Error(`no pool ${id}`)
    const next = isAddressEqual(pool.token0, holding) ? pool.token1 : pool.token0
    const step = { pool, tokenIn: holding, tokenOut: next, share: STEP_SHARE_ONE }
    holding = next
    return step
  })
  const quoted = quoteRouteSteps({ tokenIn, tokenOut: holding, amountIn, steps })
  if (quoted === null) throw new Error('the path does not pay')
  return quoted.amountOut
}

/** What Stargate's FeeLibV1 (devnet config: 600 millionths, no reward) delivers of `amountSD`. */
const stargateDelivers = (amountSD: bigint) =>
  amountSD - ((amountSD * BigInt(stargateFeeMillionth)) / 1_000_000n + 1n)

const trade = () => {
  const wallet = h.walletClient(1, ACCOUNT)
  return {
    fromTokenAddress: h.token(1, 'DAI').address,
    toTokenAddress: h.token(42161, 'DAI').address,
    amount: parseUnits('3000', 18).toString(),
    destinationChainId: '42161',
    sender: wallet.account.address,
    receiver,
    slippage: '0.01',
  }
}

async function json<T>(path: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const res = await h.request(path, init)
  return { status: res.status, body: (await res.json()) as T }
}

const post = (path: string, body: unknown) =>
  json<Record<string, unknown>>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

/**
 * The best Stargate offer of DAI on Ethereum to DAI on Arbitrum: Stargate carries stablecoins other than DAI, so
 * it swaps on either side.
 */
async function quoteBest(): Promise<Offer> {
  await h.refreshAll()
  const { status, body } = await json<Offer[]>(`/trade/v1/1/quote/cross?${new URLSearchParams(trade())}`)
  expect(status).toBe(200)
  const [offer] = body
  if (offer === undefined) throw new Error('no Stargate offer')
  expect([offer.route.sourceSwap, offer.route.destinationSwap]).toEqual([true, true])
  return offer
}

describe('the advanced flow of the compatible API: legs listed, chosen, priced and sent', () => {
  it("quote/cross lists each side's swaps as single-chain quotes, the offer's own first, each priced exactly", async () => {
    const offer = await quoteBest()
    const dai = h.token(1, 'DAI').address
    const bridged1 = h.token(1, offer.route.via).address
    const bridged42161 = h.token(42161, offer.route.via).address
    const dai42161 = h.token(42161, 'DAI').address
    expect(offer.srcTradeList[0]).toEqual(offer.srcTrade)
    expect(offer.dstTradeList[0]).toEqual(offer.dstTrade)
    expect(offer.transactionData.srcCalls).toEqual(offer.srcTrade.transactionData.call)
    expect(offer.transactionData.dstCalls).toEqual(offer.dstTrade.transactionData.call)
    expect(offer.transactionData.params.via).toBe(offer.route.via)
    const exchanges = new Map(h.deployment(1).exchanges.map((e) => [e.id, e.name]))
    for (const [chainId, list, tokenIn, tokenOut, amountIn] of [
      [1, offer.srcTradeList, dai, bridged1, BigInt(trade().amount)],
      [42161, offer.dstTradeList, bridged42161, dai42161, BigInt(offer.dstTrade.fromTokenAmount)],
    ] as const) {
      // several paths, no two alike
      expect(list.length).toBeGreaterThan(1)
      expect(new Set(list.map((leg) => leg.transactionData.pools.join())).size).toBe(list.length)
      for (const leg of list) {
        expect([
          leg.chainId,
          leg.tokenFrom.contractAddress,
          leg.tokenTo.contractAddress,
          leg.tradeType,
          leg.fromTokenAmount,
          leg.toTokenAmount,
          leg.protocol[0]?.percentage,
        ]).toEqual([
          chainId,
          tokenIn,
          tokenOut,
          0,
          amountIn.toString(),
          pays(chainId, tokenIn, leg.transactionData.pools, amountIn).toString(),
          100,
        ])
        // one call per pool, naming its exchange, chained amounts
        expect(leg.transactionData.call.map((c) => c.targetExchangeID)).toHaveLength(
          leg.transactionData.pools.length,
        )
        expect(leg.transactionData.call[0]?.amount).toBe(amountIn.toString())
        expect(leg.transactionData.call.at(-1)?.amountDelta).toBe(leg.toTokenAmount)
      }
    }
    const source = offer.srcTrade
    expect(source.protocol[0]?.name).toBe(
      [...new Set(source.transactionData.call.map((c) => exchanges.get(c.targetExchangeID)))].join(' + '),
    )
    // the offer's destination leg swaps exactly what Stargate delivers of the source leg's output
    expect(offer.dstTrade.fromTokenAmount).toBe(stargateDelivers(BigInt(source.toTokenAmount)).toString())
    expect(offer.transactionData.params.actualQuote).toBe(offer.dstTrade.toTokenAmount)
  }, 300_000)

  it("cross-select -> cross-data -> swap/cross: the receiver gets exactly the chosen legs' quote", async () => {
    const offer = await quoteBest()
    const chosenSource = offer.srcTradeList[1]
    if (chosenSource === undefined) throw new Error('one source path only')
    const stableAmount = chosenSource.toTokenAmount
    const selected = await json<Selected>(
      `/trade/v1/1/quote/cross-select?${new URLSearchParams({ ...trade(), stableAmount, tradeProtocol: 'CROSS_CHAIN_STARGATE' })}`,
    )
    expect(selected.status).toBe(200)
    const via = offer.route.via
    const bridged1 = h.token(1, via).address
    const bridged42161 = h.token(42161, via).address
    const arriving = stargateDelivers(BigInt(stableAmount))
    expect([
      selected.body.bridgeAsset,
      selected.body.bridgeToken,
      selected.body.stableAmount,
      selected.body.dstTrade.fromTokenAmount,
      selected.body.dstTrade.toTokenAmount,
      selected.body.toTokenAmount,
    ]).toEqual([
      via,
      bridged1,
      stableAmount,
      arriving.toString(),
      pays(42161, bridged42161, selected.body.dstTrade.transactionData.pools, arriving).toString(),
      selected.body.dstTrade.toTokenAmount,
    ])
    expect(selected.body.dstTradeList[0]).toEqual(selected.body.dstTrade)
    // exact input: the source side is the client's choice, not answered
    expect(Object.keys(selected.body)).not.toContain('srcTradeList')
    const chosenDestination = selected.body.dstTradeList[1]
    if (chosenDestination === undefined) throw new Error('one destination path only')

    // the example app posts the offer's transactionData and fee with the chosen legs' transactionData
    const data = await post('/trade/v1/1/quote/cross-data', {
      transactionData: offer.transactionData,
      nativeFee: offer.nativeFee,
      userSelectedQuoteData: selected.body,
      srcQuoteTxData: chosenSource.transactionData,
      dstQuoteTxData: chosenDestination.transactionData,
      nativeValue: offer.nativeFee,
      tradeParams: {},
    })
    expect(data.status).toBe(200)
    const transactionData = data.body as Offer['transactionData'] & { nativeValue: string }
    const bridged = pays(
      1,
      h.token(1, 'DAI').address,
      chosenSource.transactionData.pools,
      BigInt(trade().amount),
    )
    const expected = pays(
      42161,
      bridged42161,
      chosenDestination.transactionData.pools,
      stargateDelivers(bridged),
    )
    expect([
      transactionData.params.actualQuote,
      transactionData.params.minQuote,
      transactionData.srcCalls,
      transactionData.nativeValue,
    ]).toEqual([
      expected.toString(),
      ((expected * 9_900n) / 10_000n).toString(),
      chosenSource.transactionData.call,
      transactionData.params.nativeFee,
    ])

    // then POST swap/cross with that transactionData, as the app does, and send
    const wallet = h.walletClient(1, ACCOUNT)
    const swap = async () => {
      const answer = await post('/trade/v1/1/swap/cross', {
        transactionData,
        nativeValue: transactionData.nativeValue,
        account: wallet.account.address,
      })
      expect(answer.status).toBe(200)
      return answer.body as {
        to: Address
        data: `0x${string}`
        nativeValue: string
        approvalAddress: Address
      }
    }
    await h.approve(wallet, h.token(1, 'DAI').address, (await swap()).approvalAddress)
    const tx = await swap()
    const hash = await wallet.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.nativeValue) })
    expect((await waitForReceipt(wallet, { hash })).status).toBe('success')
    const dai42161 = h.token(42161, 'DAI').address
    const before = await h.balanceOf(42161, dai42161, receiver)
    await relayUntilIdle({ deployments: h.deployments })
    expect((await h.balanceOf(42161, dai42161, receiver)) - before).toBe(expected)
  }, 300_000)

  it('refuses legs that are not a path of their side, and what is not a provider, with 400 naming them', async () => {
    const offer = await quoteBest()
    const source = offer.srcTrade.transactionData
    const cases: [string, Record<string, unknown>, string, string][] = [
      [
        'a pool the chain does not hold',
        { srcQuoteTxData: { ...source, pools: [`0x${'12'.repeat(20)}`] } },
        'srcQuoteTxData.pools',
        `srcQuoteTxData.pools: 0x${'12'.repeat(20)} is not a pool of chain 1`,
      ],
      [
        'no pools',
        { srcQuoteTxData: { ...source, pools: [] } },
        'srcQuoteTxData.pools',
        'srcQuoteTxData.pools: expected at least one pool',
      ],
      [
        'a path that ends elsewhere than it says',
        { srcQuoteTxData: { ...source, info: { ...source.info, dstToken: h.token(1, 'WBTC').address } } },
        'srcQuoteTxData.pools',
        `srcQuoteTxData.pools: the path ends at ${h.token(1, offer.route.via).address}, not at info.dstToken ${h.token(1, 'WBTC').address}`,
      ],
      [
        // the devnet deploys tokens and pools at the same addresses on every chain: the path reads, and the
        // provider refuses it as a swap of the other side
        'the destination leg posted as the source',
        { srcQuoteTxData: offer.dstTrade.transactionData },
        'srcQuoteTxData',
        `srcQuoteTxData is a swap from ${offer.dstTrade.tokenFrom.contractAddress} to ${offer.dstTrade.tokenTo.contractAddress}: this side swaps ${offer.srcTrade.tokenFrom.contractAddress} to ${offer.srcTrade.tokenTo.contractAddress}`,
      ],
    ]
    for (const [name, legs, param, message] of cases) {
      const { status, body } = await post('/trade/v1/1/quote/cross-data', {
        transactionData: offer.transactionData,
        ...legs,
      })
      const error = body as unknown as ErrorBody
      expect([status, error.error.details?.param, error.message], name).toEqual([400, param, message])
    }
    // a path of chain 1 into another asset than the offer bridges: the provider refuses it
    const dai = h.token(1, 'DAI').address
    const weth1 = h.deployment(1).wrappedNative
    const daiWeth = h.markets
      .get(1)
      .getSnapshot()
      .pools.find(
        (p) =>
          [p.token0, p.token1].some((t) => isAddressEqual(t, dai)) &&
          [p.token0, p.token1].some((t) => isAddressEqual(t, weth1)),
      )
    if (daiWeth === undefined) throw new Error('no DAI/WETH pool')
    const elsewhere = await post('/trade/v1/1/quote/cross-data', {
      transactionData: offer.transactionData,
      srcQuoteTxData: { info: { srcToken: dai, dstToken: weth1 }, pools: [daiWeth.address] },
    })
    expect([elsewhere.status, (elsewhere.body as unknown as ErrorBody).message]).toEqual([
      400,
      `srcQuoteTxData is a swap from ${dai} to ${weth1}: this side swaps ${dai} to ${h.token(1, offer.route.via).address}`,
    ])
    const tampered = await post('/trade/v1/1/quote/cross-data', {
      transactionData: {
        ...offer.transactionData,
        params: { ...offer.transactionData.params, actualQuote: '1' },
      },
    })
    expect([tampered.status, (tampered.body as unknown as ErrorBody).error.code]).toEqual([
      400,
      'QUOTE_TAMPERED',
    ])
    const unknown = await json<ErrorBody>(
      `/trade/v1/1/quote/cross-select?${new URLSearchParams({ ...trade(), stableAmount: '1000000', tradeProtocol: 'CROSS_CHAIN_CELER' })}`,
    )
    expect([unknown.status, unknown.body.error.code, unknown.body.message]).toEqual([
      400,
      'INVALID_PARAMS',
      'tradeProtocol CROSS_CHAIN_CELER is not a provider of this server',
    ])
  }, 300_000)
})
