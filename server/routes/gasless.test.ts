import { type Address, getAddress, maxUint256 } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDevnetRelayerAccount } from '../../devnet/devnetRelayer'
import { createApp } from '../app'
import { loadConfig } from '../config'
import { cancelMessage } from '../gasless/cancelMessage'
import { createGasCostConverter } from '../gasless/createGasCostConverter'
import { createGaslessRelayer } from '../gasless/createGaslessRelayer'
import type { GaslessChain } from '../gasless/planGaslessOrder'
import { createSilentLogger } from '../logger'
import { getGaslessOrder } from '../store/gaslessOrders'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'

const CHAIN = 1
/** The app's flow is also run on Base: another chain id, its own tokens, pools and gas. */
const CHAINS = [1, 8453] as const

type Estimate = {
  gasUnits: string
  fee: string
  amountIn: string
  amountOut: string
  amountOutMin: string
  deadline: number
  permit2: { address: Address; spender: Address; allowance: string; approvalNeeded: boolean }
  eip2612Permit: boolean
  tokenPermit: TypedData | null
  transactionData: { order: Record<string, string>; call: Record<string, unknown>[] }
}
type TypedData = {
  account?: Address
  domain: { name: string; version?: string; chainId: number; verifyingContract: Address }
  types: Record<string, { name: string; type: string }[]>
  primaryType: string
  message: {
    nonce: string
    deadline: string
    spender: Address
    witness: Record<string, string>
    value?: string
  }
}
type GaslessQuote = {
  protocol: { pools: { exchangeId: string }[] }[]
  fromTokenAmount: string
  toTokenAmount: string
  data?: string
  gasless?: Record<string, string>
  transactionData: {
    info: { amountIn: string; amountOutMin: string; deadline: number } & Record<string, unknown>
    call: { data: string }[]
    amountInBeforeFee: string
    amountInAfterFee: string
    fee: string
    receiver?: string
  }
}
type OrderView = {
  id: string
  address: Address
  status: string
  amount: string
  fee: string
  amountOut: string | null
  failureMsg: string | null
  txCompleted: string | null
  canceledAt: string | null
}

describe('gasless API on the devnet (chain 1)', () => {
  let h: DevnetHarness
  let app: ReturnType<typeof createApp>
  let relayer: ReturnType<typeof createGaslessRelayer>
  const relayers = new Map<number, ReturnType<typeof createGaslessRelayer>>()
  /** Chains whose relayer the API woke, one entry per stored order. */
  const woken: number[] = []
  let usdc: Address
  let weth: Address

  const post = (path: string, body: unknown) =>
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const json = async <T>(res: Response, status = 200): Promise<T> => {
    const body = (await res.json()) as T
    expect({ status: res.status, body }).toMatchObject({ status })
    return body
  }
  const expectError = async (res: Response, status: number, code: string) => {
    const body = (await res.json()) as { error: { code: string } }
    expect({ status: res.status, code: body.error.code }).toEqual({ status, code })
  }
  const estimate = (sender: Address, amount = 1_000_000_000n, chainId = CHAIN) =>
    post('/v1/gasless/estimate', {
      parameters: {
        chainId,
        srcToken: getAddress(h.token(chainId, 'USDC').address),
        dstToken: getAddress(h.deployment(chainId).wrappedNative),
        amount: amount.toString(),
        sender,
      },
    })
  /** Signs the served JSON as a wallet's eth_signTypedData_v4 would (EIP712Domain is implied by viem). */
  const sign = (accountIndex: number, typed: TypedData) => {
    const { EIP712Domain: _domainType, ...types } = typed.types
    return h.account(accountIndex).signTypedData({
      domain: typed.domain,
      types,
      primaryType: typed.primaryType,
      message: typed.message,
    })
  }
  /** Estimate, typed data and signature of `accountIndex`'s order (optionally signed by `signerIndex`). */
  const prepare = async (
    accountIndex: number,
    signerIndex = accountIndex,
    opts: { chainId?: number; amount?: bigint; order?: Record<string, string> } = {},
  ) => {
    const chainId = opts.chainId ?? CHAIN
    const sender = h.account(accountIndex).address
    const est = await json<Estimate>(await estimate(sender, opts.amount, chainId))
    const typed = await json<TypedData>(
      await post('/trade/v1/gasless/typed-data', {
        transactionData: {
          ...est.transactionData,
          order: { ...est.transactionData.order, ...opts.order },
        },
        sender,
        chainId,
      }),
    )
    const signature = await sign(signerIndex, typed)
    const order: Record<string, string> = { ...typed.message.witness, nonce: typed.message.nonce }
    const body = {
      chainFrom: chainId,
      order,
      call: est.transactionData.call,
      signature,
    }
    return { est, typed, body, sender }
  }

  beforeAll(async () => {
    h = await startDevnetHarness({ chainIds: CHAINS })
    usdc = getAddress(h.token(CHAIN, 'USDC').address)
    weth = getAddress(h.deployment(CHAIN).wrappedNative)
    const account = getDevnetRelayerAccount()
    const gaslessChains = new Map<number, GaslessChain>()
    for (const chainId of CHAINS) {
      const d = h.deployment(chainId)
      if (!d.gaslessSettlement) throw new Error(`the devnet deploys no GaslessSettlement on ${chainId}`)
      gaslessChains.set(chainId, {
        settlement: d.gaslessSettlement,
        permit2: d.permit2,
        relayer: account.address,
      })
      relayers.set(
        chainId,
        createGaslessRelayer({
          db: h.store.db,
          chainId,
          client: h.markets.get(chainId).client,
          settlement: d.gaslessSettlement,
          permit2: d.permit2,
          account,
          worker: `test-relayer-${chainId}`,
          onError: (error, id) => console.warn(`relayer round failed on order ${id}:`, error),
          costInSrcToken: createGasCostConverter(h.markets.get(chainId)),
        }),
      )
    }
    app = createApp({
      config: loadConfig({
        LOG_LEVEL: 'silent',
        RATE_LIMIT_PER_MINUTE_IP: '0',
        RATE_LIMIT_PER_MINUTE_KEY: '0',
      }),
      deployments: h.deployments,
      logger: createSilentLogger(),
      markets: h.markets,
      store: h.store,
      distDir: '/nonexistent/dist',
      gasless: { chains: gaslessChains, wake: (chainId) => woken.push(chainId) },
    })
    const own = relayers.get(CHAIN)
    if (!own) throw new Error('no relayer on chain 1')
    relayer = own
  }, 600_000)

  afterAll(async () => {
    await h?.stop()
  })

  it('advertises the gasless flow on the chain where the relayer runs', async () => {
    const chains = await json<{ chainId: number; flows: { gasless: boolean } }[]>(
      await app.request('/trade/v1/info/chains?format=list'),
    )
    expect(chains.find((c) => c.chainId === CHAIN)?.flows.gasless).toBe(true)
    // the harness's own app runs no relayer: nothing advertised there
    const plain = await json<{ chainId: number; flows: { gasless: boolean } }[]>(
      await h.request('/trade/v1/info/chains?format=list'),
    )
    expect(plain.find((c) => c.chainId === CHAIN)?.flows.gasless).toBe(false)
  })

  it('executes an order end to end: the receiver gets the execution quote, the user spends no native', async () => {
    const user = h.walletClient(CHAIN, 4)
    const sender = user.account.address
    const first = await json<Estimate>(await estimate(sender))
    expect(first.permit2).toMatchObject({ allowance: '0', approvalNeeded: true })
    // the devnet USDC has its own permit; this order takes the one-time approval instead
    expect(first.eip2612Permit).toBe(true)
    expect(BigInt(first.fee) > 0n).toBe(true)
    expect(BigInt(first.gasUnits)).toBe(450_000n)
    await h.approve(user, usdc, h.deployment(CHAIN).permit2, maxUint256)

    const { est, typed, body } = await prepare(4)
    expect(est.permit2.approvalNeeded).toBe(false)
    expect(est.eip2612Permit).toBe(false)
    expect(est.tokenPermit).toBe(null)
    expect(typed.domain).toEqual({
      name: 'Permit2',
      chainId: CHAIN,
      verifyingContract: h.deployment(CHAIN).permit2,
    })
    expect(typed.message.spender).toBe(h.deployment(CHAIN).gaslessSettlement)
    const nativeBefore = await h.balanceOf(CHAIN, '0x0000000000000000000000000000000000000000', sender)
    const wethBefore = await h.balanceOf(CHAIN, weth, sender)
    const usdcBefore = await h.balanceOf(CHAIN, usdc, sender)

    const wokenBefore = woken.length
    const { orderId } = await json<{ success: boolean; orderId: string }>(
      await post('/v1/gasless/create', body),
    )
    expect(woken.slice(wokenBefore)).toEqual([CHAIN])
    const pending = await json<{ response: OrderView }>(
      await app.request(`/trade/v1/gasless/status/${orderId}`),
    )
    expect(pending.response).toMatchObject({
      id: orderId,
      address: sender,
      status: 'pending',
      txCompleted: null,
    })

    expect(await relayer.runOnce()).toBe(1)
    const row = await getGaslessOrder(h.store.db, orderId)
    const received = (await h.balanceOf(CHAIN, weth, sender)) - wethBefore
    expect(received).toBe(row?.quotedAmountOut)
    expect(received >= BigInt(est.amountOutMin)).toBe(true)
    expect(await h.balanceOf(CHAIN, usdc, sender)).toBe(usdcBefore - 1_000_000_000n)
    expect(await h.balanceOf(CHAIN, '0x0000000000000000000000000000000000000000', sender)).toBe(nativeBefore)

    const done = await json<{ response: OrderView }>(await app.request(`/trade/v1/gasless/status/${orderId}`))
    expect(done.response).toMatchObject({
      status: 'completed',
      amountOut: received.toString(),
      fee: est.fee,
      txCompleted: row?.txHash,
      failureMsg: null,
    })
    const list = await json<{ response: OrderView[]; total: number }>(
      await app.request(`/v1/gasless/orderByAddress/${sender.toLowerCase()}?limit=10`),
    )
    expect(list.total).toBe(1)
    expect(list.response.map((o) => o.id)).toEqual([orderId])

    await expectError(await post('/v1/gasless/create', body), 409, 'ORDER_EXISTS')
    const cancelSig = await h.account(4).signMessage({ message: cancelMessage(orderId) })
    await expectError(
      await post('/v1/gasless/cancel', { orderId, signature: cancelSig }),
      409,
      'ORDER_NOT_CANCELLABLE',
    )
  })

  it('the original way: quote/single?isGasless=true, its transactionData as is to typed-data, its call to create', async () => {
    const user = h.walletClient(CHAIN, 0)
    const sender = user.account.address
    await h.approve(user, usdc, h.deployment(CHAIN).permit2, maxUint256)
    const amount = 1_000_000_000n
    const query = new URLSearchParams({
      fromTokenAddress: usdc,
      toTokenAddress: weth,
      amount: amount.toString(),
      sender,
      isGasless: 'true',
    })
    const quotes = await json<GaslessQuote[]>(await app.request(`/trade/v1/${CHAIN}/quote/single?${query}`))
    expect(quotes.length).toBe(1)
    const [quote] = quotes
    if (quote === undefined) throw new Error('no quote')
    // the same order the estimate plans at this block: fee, amounts and route
    const est = await json<Estimate>(await estimate(sender, amount))
    const { transactionData } = quote
    expect({
      amountInBeforeFee: transactionData.amountInBeforeFee,
      fee: transactionData.fee,
      amountInAfterFee: transactionData.amountInAfterFee,
      receiver: transactionData.receiver,
      amountIn: transactionData.info.amountIn,
      amountOutMin: transactionData.info.amountOutMin,
      deadline: transactionData.info.deadline,
      fromTokenAmount: quote.fromTokenAmount,
      toTokenAmount: quote.toTokenAmount,
      data: quote.data,
      gasless: quote.gasless,
    }).toEqual({
      amountInBeforeFee: amount.toString(),
      fee: est.fee,
      amountInAfterFee: (amount - BigInt(est.fee)).toString(),
      receiver: sender,
      amountIn: (amount - BigInt(est.fee)).toString(),
      amountOutMin: est.amountOutMin,
      deadline: est.deadline,
      fromTokenAmount: amount.toString(),
      toTokenAmount: est.amountOut,
      data: undefined,
      gasless: {
        settlement: h.deployment(CHAIN).gaslessSettlement,
        permit2: h.deployment(CHAIN).permit2,
        gasUnits: est.gasUnits,
        gasPrice: expect.stringMatching(/^[1-9]\d*$/),
      },
    })
    const typed = await json<TypedData>(
      await post('/trade/v1/gasless/typed-data', { transactionData, sender, chainId: CHAIN }),
    )
    // the witness is the estimate's order, field for field (tradeHash: the same route)
    expect(typed.message.witness).toEqual({
      ...est.transactionData.order,
      deadline: String(est.deadline),
    })
    expect(typed.message).toMatchObject({
      permitted: { token: usdc, amount: amount.toString() },
      spender: h.deployment(CHAIN).gaslessSettlement,
    })
    const signature = await sign(0, typed)
    const usdcBefore = await h.balanceOf(CHAIN, usdc, sender)
    const wethBefore = await h.balanceOf(CHAIN, weth, sender)
    const { orderId } = await json<{ orderId: string }>(
      await post('/v1/gasless/create', {
        chainFrom: CHAIN,
        order: { ...typed.message.witness, nonce: typed.message.nonce },
        call: transactionData.call,
        signature,
      }),
    )
    expect(await relayer.runOnce()).toBe(1)
    const row = await getGaslessOrder(h.store.db, orderId)
    const received = (await h.balanceOf(CHAIN, weth, sender)) - wethBefore
    expect([row?.status, received]).toEqual(['completed', row?.quotedAmountOut])
    expect(received >= BigInt(transactionData.info.amountOutMin)).toBe(true)
    expect(await h.balanceOf(CHAIN, usdc, sender)).toBe(usdcBefore - amount)
  })

  it('isGasless quotes and their transactionData: refusals name the field', async () => {
    const sender = h.account(0).address
    const quoteOf = (extra: Record<string, string>, chainId: number = CHAIN) =>
      app.request(
        `/trade/v1/${chainId}/quote/single?${new URLSearchParams({
          fromTokenAddress: usdc,
          toTokenAddress: weth,
          amount: '1000000000',
          sender,
          isGasless: 'true',
          ...extra,
        })}`,
      )
    const refusal = async (res: Response) => {
      const body = (await res.json()) as { error: { code: string; details?: { param?: string } } }
      return [res.status, body.error.code, body.error.details?.param]
    }
    expect(await refusal(await quoteOf({ isExactOut: 'true' }))).toEqual([
      400,
      'INVALID_PARAMS',
      'isExactOut',
    ])
    expect(await refusal(await quoteOf({ feePercentage: '0.01', feeReceiver: sender }))).toEqual([
      400,
      'INVALID_PARAMS',
      'feePercentage',
    ])
    expect(
      await refusal(await quoteOf({ fromTokenAddress: '0x0000000000000000000000000000000000000000' })),
    ).toEqual([400, 'GASLESS_UNAVAILABLE', 'srcToken'])
    expect(await refusal(await quoteOf({ receiver: h.deployment(CHAIN).permit2 }))).toEqual([
      400,
      'INVALID_PARAMS',
      'receiver',
    ])
    // the harness's app runs no relayer
    const plain = await h.request(
      `/trade/v1/${CHAIN}/quote/single?${new URLSearchParams({ fromTokenAddress: usdc, toTokenAddress: weth, amount: '1000000000', isGasless: 'true' })}`,
    )
    expect((await refusal(plain)).slice(0, 2)).toEqual([400, 'GASLESS_UNAVAILABLE'])

    const [quote] = await json<GaslessQuote[]>(await quoteOf({}))
    if (quote === undefined) throw new Error('no quote')
    // quote/single's own options apply: excluded exchanges, the price impact limit
    const used = [...new Set(quote.protocol.flatMap((leg) => leg.pools.map((pool) => pool.exchangeId)))]
    const [other] = await json<GaslessQuote[]>(
      await quoteOf({ excludedDexes: JSON.stringify({ [CHAIN]: used }) }),
    )
    const otherIds = other?.protocol.flatMap((leg) => leg.pools.map((pool) => pool.exchangeId)) ?? []
    expect([otherIds.length > 0, otherIds.filter((id) => used.includes(id))]).toEqual([true, []])
    expect(
      (await refusal(await quoteOf({ priceImpactProtectionPercentage: '0.000001' }))).slice(0, 2),
    ).toEqual([422, 'PRICE_IMPACT_TOO_HIGH'])
    const typedData = (transactionData: unknown) =>
      post('/trade/v1/gasless/typed-data', { transactionData, sender, chainId: CHAIN })
    const td = quote.transactionData
    const plusOne = (value: string) => (BigInt(value) + 1n).toString()
    expect(await refusal(await typedData({ ...td, amountInAfterFee: plusOne(td.amountInAfterFee) }))).toEqual(
      [400, 'INVALID_PARAMS', 'transactionData.amountInAfterFee'],
    )
    expect(
      await refusal(
        await typedData({
          ...td,
          amountInBeforeFee: plusOne(td.amountInBeforeFee),
          amountInAfterFee: plusOne(td.amountInAfterFee),
        }),
      ),
    ).toEqual([400, 'INVALID_PARAMS', 'transactionData.info.amountIn'])
    expect(await refusal(await typedData({ ...td, call: [...td.call, ...td.call] }))).toEqual([
      400,
      'INVALID_PARAMS',
      'transactionData.call',
    ])
    // a malformed field is named under transactionData, in the quote's own shape
    const malformed = await typedData({ ...td, info: { ...td.info, srcToken: '0x1234' } })
    const body = (await malformed.json()) as {
      error: { code: string; details: { issues: { path: string }[] } }
    }
    expect([malformed.status, body.error.code, body.error.details.issues.map((i) => i.path)]).toEqual([
      400,
      'INVALID_PARAMS',
      ['transactionData.info.srcToken'],
    ])
    // a fee above the 10% cap is the order's check, as for an estimate's order
    const fee = (BigInt(td.amountInBeforeFee) / 5n).toString()
    expect(
      (
        await refusal(
          await typedData({
            ...td,
            fee,
            amountInAfterFee: (BigInt(td.amountInBeforeFee) - BigInt(fee)).toString(),
            info: { ...td.info, amountIn: (BigInt(td.amountInBeforeFee) - BigInt(fee)).toString() },
          }),
        )
      ).slice(0, 2),
    ).toEqual([400, 'INVALID_ORDER'])
  })

  it('a token with its own EIP-2612 permit: the user signs twice and sends no transaction at all', async () => {
    const user = h.walletClient(CHAIN, 6)
    const { est, body, sender } = await prepare(6)
    expect(est.permit2.approvalNeeded).toBe(true)
    expect(est.eip2612Permit).toBe(true)
    const permit = est.tokenPermit
    if (permit === null) throw new Error('no token permit offered')
    expect(permit.domain).toEqual({ name: 'USD Coin', version: '1', chainId: CHAIN, verifyingContract: usdc })
    expect(permit.primaryType).toBe('Permit')
    expect(permit.message).toEqual({
      owner: sender,
      spender: h.deployment(CHAIN).permit2,
      value: est.amountIn,
      nonce: '0',
      deadline: String(est.deadline),
    })
    const permitData = {
      value: est.amountIn,
      deadline: String(est.deadline),
      signature: await sign(6, permit),
    }

    await expectError(await post('/v1/gasless/create', body), 422, 'INSUFFICIENT_ALLOWANCE')
    const foreign = { ...permitData, signature: await sign(7, permit) }
    await expectError(
      await post('/v1/gasless/create', { ...body, permitData: foreign }),
      403,
      'NOT_ORDER_OWNER',
    )
    const expired = { ...permitData, deadline: '1000' }
    await expectError(
      await post('/v1/gasless/create', { ...body, permitData: expired }),
      400,
      'INVALID_ORDER',
    )
    const short = { ...permitData, value: '1' }
    await expectError(await post('/v1/gasless/create', { ...body, permitData: short }), 400, 'INVALID_ORDER')

    const txCount = await h.markets.get(CHAIN).client.getTransactionCount({ address: sender })
    const usdcBefore = await h.balanceOf(CHAIN, usdc, sender)
    const wethBefore = await h.balanceOf(CHAIN, weth, sender)
    const { orderId } = await json<{ success: boolean; orderId: string }>(
      await post('/v1/gasless/create', { ...body, permitData }),
    )
    expect(await relayer.runOnce()).toBe(1)
    const row = await getGaslessOrder(h.store.db, orderId)
    expect(row?.status).toBe('completed')
    expect((await h.balanceOf(CHAIN, weth, sender)) - wethBefore).toBe(row?.quotedAmountOut)
    expect(await h.balanceOf(CHAIN, usdc, sender)).toBe(usdcBefore - 1_000_000_000n)
    expect(await h.markets.get(CHAIN).client.getTransactionCount({ address: sender })).toBe(txCount)
    expect(user.account.address).toBe(sender)
  }, 180_000)

  it('cancels a pending order for its owner only; the relayer then never runs it', async () => {
    await h.approve(h.walletClient(CHAIN, 5), usdc, h.deployment(CHAIN).permit2, maxUint256)
    const { body } = await prepare(5)
    const { orderId } = await json<{ orderId: string }>(await post('/v1/gasless/create', body))
    const foreign = await h.account(6).signMessage({ message: cancelMessage(orderId) })
    await expectError(
      await post('/v1/gasless/cancel', { orderId, signature: foreign }),
      403,
      'NOT_ORDER_OWNER',
    )
    await expectError(
      await post('/v1/gasless/cancel', { orderId, signature: '0x1234' }),
      400,
      'INVALID_SIGNATURE',
    )
    const own = await h.account(5).signMessage({ message: cancelMessage(orderId) })
    const cancelled = await json<{ response: OrderView }>(
      await post('/v1/gasless/cancel', { orderId, signature: own }),
    )
    expect(cancelled.response.status).toBe('cancelled')
    expect(cancelled.response.canceledAt).not.toBeNull()
    expect(await relayer.runOnce()).toBe(0)
  })

  it('says plainly in the OpenAPI document what "cancelled" means: off chain only, the signature lives until its deadline', async () => {
    const doc = await json<{ paths: Record<string, { post?: { description?: string } }> }>(
      await app.request('/openapi.json'),
    )
    const description = doc.paths['/v1/gasless/cancel']?.post?.description ?? ''
    expect(
      [
        '`cancelled` means cancelled off chain: our relayer never submits the order.',
        'It does not revoke the signature',
        "until the order's deadline (at most one hour after it was signed)",
        "Permit2's `invalidateUnorderedNonces`",
      ].map((sentence) => description.includes(sentence)),
    ).toEqual([true, true, true, true])
  })

  it('refuses bad signatures, foreign owners, expired deadlines, malformed orders and missing allowances', async () => {
    await h.approve(h.walletClient(CHAIN, 7), usdc, h.deployment(CHAIN).permit2, maxUint256)
    const { body, est, sender } = await prepare(7, 8)
    await expectError(await post('/v1/gasless/create', body), 403, 'NOT_ORDER_OWNER')
    await expectError(
      await post('/v1/gasless/create', { ...body, signature: '0xdeadbeef' }),
      400,
      'INVALID_SIGNATURE',
    )
    await expectError(
      await post('/v1/gasless/create', { ...body, order: { ...body.order, deadline: '1000' } }),
      400,
      'ORDER_EXPIRED',
    )
    await expectError(
      await post('/v1/gasless/create', {
        ...body,
        order: { ...body.order, tradeHash: `0x${'11'.repeat(32)}` },
      }),
      400,
      'INVALID_ORDER',
    )
    await expectError(
      await post('/v1/gasless/create', { ...body, order: { ...body.order, fee: body.order.amountIn } }),
      400,
      'INVALID_ORDER',
    )
    await expectError(
      await post('/v1/gasless/create', { ...body, order: { user: sender } }),
      400,
      'INVALID_PARAMS',
    )
    await expectError(
      await post('/trade/v1/gasless/typed-data', {
        transactionData: est.transactionData,
        sender: h.account(8).address,
        chainId: CHAIN,
      }),
      403,
      'NOT_ORDER_OWNER',
    )
    await expectError(
      await post('/trade/v1/gasless/typed-data', {
        transactionData: est.transactionData,
        sender,
        chainId: 10,
      }),
      400,
      'GASLESS_UNAVAILABLE',
    )
    // account 9 never approved Permit2
    const unapproved = await prepare(9)
    await expectError(await post('/v1/gasless/create', unapproved.body), 422, 'INSUFFICIENT_ALLOWANCE')
    await expectError(await app.request(`/trade/v1/gasless/status/${crypto.randomUUID()}`), 404, 'NOT_FOUND')
  })

  it('shows an order that expired before execution as failed with its reason', async () => {
    const { body } = await prepare(7)
    const { orderId } = await json<{ orderId: string }>(await post('/v1/gasless/create', body))
    const late = createApp({
      config: loadConfig({
        LOG_LEVEL: 'silent',
        RATE_LIMIT_PER_MINUTE_IP: '0',
        RATE_LIMIT_PER_MINUTE_KEY: '0',
      }),
      deployments: h.deployments,
      logger: createSilentLogger(),
      markets: h.markets,
      store: h.store,
      distDir: '/nonexistent/dist',
      now: () => (Number(body.order.deadline) + 1) * 1000,
    })
    const res = await json<{ response: OrderView }>(await late.request(`/trade/v1/gasless/status/${orderId}`))
    const expired = {
      status: 'failed',
      failedAt: new Date(Number(body.order.deadline) * 1000).toISOString(),
      failureMsg: `order expired: its deadline ${body.order.deadline} passed before it could be executed`,
    }
    expect(res.response).toMatchObject(expired)
    const listed = await json<{ response: OrderView[] }>(
      await late.request(`/v1/gasless/orderByAddress/${body.order.user}?limit=100`),
    )
    expect(listed.response.find((order) => order.id === orderId)).toMatchObject(expired)
    // reading writes nothing: the relayer fails the order when it next claims it
    expect((await getGaslessOrder(h.store.db, orderId))?.status).toBe('pending')
  })
  it.each(CHAINS)(
    'chain %i: an order made as the app makes it (estimate, sign its fee and the permit, create) fills at a base fee that dominates',
    async (chainId) => {
      const client = h.markets.get(chainId).client
      // mainnet-like gas: the base fee, not the 1 gwei tip, makes the price (the relayer's old check then asked
      // more than the estimate's fee: the app's orders were released until their deadline)
      await h.deployerClient(chainId).request({
        method: 'anvil_setNextBlockBaseFeePerGas' as never,
        params: ['0x4a817c800'] as never, // 20 gwei
      })
      await h.deployerClient(chainId).mine({ blocks: 1 })
      // the market serves its cached gas price while it reads the new one
      while ((await h.markets.get(chainId).getGasPrice()) < 10_000_000_000n) {
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      const { est, body, sender } = await prepare(3, 3, { chainId })
      const chainUsdc = getAddress(h.token(chainId, 'USDC').address)
      const usdcBefore = await h.balanceOf(chainId, chainUsdc, sender)
      const txCount = await client.getTransactionCount({ address: sender })
      const permit = est.tokenPermit
      if (permit === null) throw new Error('no token permit offered')
      const permitData = {
        value: est.amountIn,
        deadline: String(est.deadline),
        signature: await sign(3, permit),
      }
      const { orderId } = await json<{ orderId: string }>(
        await post('/v1/gasless/create', { ...body, permitData }),
      )
      // (the chain-1 relayer also takes the order left pending by the expiry test)
      expect(await relayers.get(chainId)?.runOnce()).toBeGreaterThanOrEqual(1)
      const row = await getGaslessOrder(h.store.db, orderId)
      expect({ status: row?.status, failureMsg: row?.failureMsg, feeTaken: row?.feeTaken }).toEqual({
        status: 'completed',
        failureMsg: null,
        feeTaken: BigInt(est.fee),
      })
      expect(await h.balanceOf(chainId, chainUsdc, sender)).toBe(usdcBefore - BigInt(est.amountIn))
      // the relayer paid less gas than the fee it took (both in USDC)
      expect(row?.gasCostInSrc !== null && (row?.gasCostInSrc ?? 0n) <= BigInt(est.fee)).toBe(true)
      expect(await client.getTransactionCount({ address: sender })).toBe(txCount)
    },
    180_000,
  )

  it('refuses a fee of 0 or below the gas cost, an unlisted token, a foreign route and an uint64 overflow at create', async () => {
    await h.approve(h.walletClient(CHAIN, 2), usdc, h.deployment(CHAIN).permit2, maxUint256)
    const zero = await prepare(2, 2, { order: { fee: '0' } })
    const res = await post('/v1/gasless/create', zero.body)
    const refused = (await res.json()) as { error: { code: string; details: { param: string } } }
    expect({ status: res.status, code: refused.error.code, param: refused.error.details.param }).toEqual({
      status: 400,
      code: 'INVALID_ORDER',
      param: 'fee',
    })
    const one = await prepare(2, 2, { order: { fee: '1' } })
    await expectError(await post('/v1/gasless/create', one.body), 400, 'INVALID_ORDER')

    const { body } = await prepare(2)
    const stranger = '0x000000000000000000000000000000000000dEaD'
    const call = body.call.map((step) => ({ ...step }))
    const lastStep = call[call.length - 1]
    if (!lastStep) throw new Error('no step')
    // a step through an unknown token (the hostile token of the review) is refused before any signature check
    await expectError(
      await post('/v1/gasless/create', {
        ...body,
        call: [{ ...call[0], tokenIn: stranger }, ...call.slice(1)],
      }),
      400,
      'INVALID_ORDER',
    )
    await expectError(
      await post('/v1/gasless/create', { ...body, order: { ...body.order, srcToken: stranger } }),
      400,
      'INVALID_ORDER',
    )
    await expectError(
      await post('/v1/gasless/create', {
        ...body,
        call: [{ ...call[0], share: (2n ** 64n).toString() }, ...call.slice(1)],
      }),
      400,
      'INVALID_PARAMS',
    )
    await expectError(
      await post('/v1/gasless/create', {
        ...body,
        call: [{ ...call[0], share: (2n ** 64n - 1n).toString() }, ...call.slice(1)],
      }),
      400,
      'INVALID_ORDER',
    )
  })

  it('refuses an unholdable amount, our contracts as receiver and a deadline beyond one hour', async () => {
    const sender = h.account(2).address
    await expectError(await estimate(sender, maxUint256), 422, 'INSUFFICIENT_BALANCE')
    for (const receiver of [h.deployment(CHAIN).gaslessSettlement, h.deployment(CHAIN).permit2, usdc]) {
      await expectError(
        await post('/v1/gasless/estimate', {
          parameters: {
            chainId: CHAIN,
            srcToken: usdc,
            dstToken: weth,
            amount: '1000000000',
            sender,
            receiver,
          },
        }),
        400,
        'INVALID_PARAMS',
      )
    }
    const est = await json<Estimate>(await estimate(sender))
    const typedData = (order: Record<string, string>) =>
      post('/trade/v1/gasless/typed-data', {
        transactionData: { ...est.transactionData, order: { ...est.transactionData.order, ...order } },
        sender,
        chainId: CHAIN,
      })
    await expectError(await typedData({ deadline: '4102444800' }), 400, 'INVALID_ORDER')
    const hourAhead = Math.floor(Date.now() / 1000) + 3600
    expect((await typedData({ deadline: String(hourAhead - 5) })).status).toBe(200)
    await expectError(await typedData({ deadline: String(hourAhead + 5) }), 400, 'INVALID_ORDER')
    await expectError(
      await typedData({ receiver: h.deployment(CHAIN).gaslessSettlement ?? '' }),
      400,
      'INVALID_PARAMS',
    )
  })

  it("limits one owner's open orders and reserves its balance across them", async () => {
    const owner = h.walletClient(CHAIN, 1)
    await h.approve(owner, usdc, h.deployment(CHAIN).permit2, maxUint256)
    const balance = await h.balanceOf(CHAIN, usdc, owner.account.address)
    const ids: string[] = []
    for (let i = 0; i < 4; i++) {
      const order = await prepare(1, 1, { amount: 1_000_000_000n })
      ids.push((await json<{ orderId: string }>(await post('/v1/gasless/create', order.body))).orderId)
    }
    // the four orders reserve 4000 USDC: one more unit than the rest of the balance does not fit
    const over = await prepare(1, 1, { amount: balance - 4_000_000_000n + 1n })
    await expectError(await post('/v1/gasless/create', over.body), 422, 'INSUFFICIENT_BALANCE')
    const fifth = await prepare(1, 1, { amount: balance - 4_000_000_000n })
    ids.push((await json<{ orderId: string }>(await post('/v1/gasless/create', fifth.body))).orderId)
    const sixth = await prepare(1, 1, { amount: 1_000_000_000n })
    await expectError(await post('/v1/gasless/create', sixth.body), 429, 'TOO_MANY_OPEN_ORDERS')
    // a cancelled order frees its place
    const first = ids[0] ?? ''
    const sig = await h.account(1).signMessage({ message: cancelMessage(first) })
    await json(await post('/v1/gasless/cancel', { orderId: first, signature: sig }))
    expect((await post('/v1/gasless/create', sixth.body)).status).toBe(200)
  })
})
