import { type Address, getAddress, type Hex, isAddressEqual, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitForReceipt } from '../../contracts/deploy/waitForReceipt'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'
import { expectClientSuccess, field, type Json } from './clientReads'

/*
 * Replays the request shapes clients of the compatible API send (see "What real clients send and read" in the
 * compatible API reference) and reads the answers the way those clients do: values used as keys must be
 * strings, amounts decimal strings, and a success must carry neither `error` nor `message`.
 */

const CHAIN_ID = 1
const ACCOUNT_INDEX = 7
const decimalString = /^\d+$/
const hexData = /^0x[0-9a-f]*$/i

function expectDecimalStrings(object: Json, keys: readonly string[]) {
  for (const key of keys) {
    expect(typeof object[key], key).toBe('string')
    expect(object[key], key).toMatch(decimalString)
  }
}

/** The quote fields clients read, with the types they read them as. */
function expectClientQuote(value: unknown): Json {
  const quote = expectClientSuccess(value)
  expect(quote.contractVersion).toBe('v1')
  expectDecimalStrings(quote, [
    'fromTokenAmount',
    'toTokenAmount',
    'toTokenAmountWithoutFee',
    'deltaAmount',
    'fee',
    'nativeValue',
    'gasPrice',
  ])
  expect(typeof quote.tradeType).toBe('number')
  expect(typeof quote.priceImpact).toBe('number')
  expect(typeof quote.slippage).toBe('number')
  expect(typeof quote.quoteDeadline).toBe('number')
  for (const side of ['tokenFrom', 'tokenTo']) {
    const token = quote[side]
    expect(typeof field(token, 'decimals'), side).toBe('number')
    expect(typeof field(token, 'contractAddress'), side).toBe('string')
    expect(typeof field(token, 'symbol'), side).toBe('string')
  }
  const protocol = quote.protocol
  expect(Array.isArray(protocol) && protocol.length > 0).toBe(true)
  if (Array.isArray(protocol)) {
    for (const leg of protocol) {
      expect(typeof field(leg, 'name')).toBe('string')
      expect(typeof field(leg, 'percentage')).toBe('number')
    }
  }
  const transactionData = quote.transactionData
  expect(field(transactionData, 'version')).toBe('v1')
  const info = field(transactionData, 'info')
  expect(typeof field(info, 'deadline')).toBe('number')
  expect(typeof field(info, 'slippage')).toBe('number')
  return quote
}

describe('clients of the compatible API, unchanged, against the devnet (chain 1)', () => {
  let h: DevnetHarness
  let usdc: Address
  let account: Address

  beforeAll(async () => {
    h = await startDevnetHarness({ chainIds: [CHAIN_ID] })
    usdc = getAddress(h.token(CHAIN_ID, 'USDC').address)
    account = h.account(ACCOUNT_INDEX).address
  })
  afterAll(async () => {
    await h?.stop()
  })

  /** GET with the query exactly as given (values are not dropped or rewritten), with a client's headers. */
  const get = async (
    path: string,
    query: Record<string, string> = {},
    headers: Record<string, string> = {},
  ) => {
    const search = new URLSearchParams(query).toString()
    const res = await h.request(search === '' ? path : `${path}?${search}`, { headers })
    return { status: res.status, body: (await res.json()) as unknown }
  }
  const postJson = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await h.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as unknown }
  }
  /** A client's address map, loaded from the server instead of hard-coded. */
  const loadAddressMap = async () => {
    const { status, body } = await get('/trade/v1/info/contract-addresses')
    expect(status).toBe(200)
    return expectClientSuccess(body)
  }
  /** Sends `{ to, data, value }` from the test account with the answer's `estimateGas` plus a margin. */
  const sendAsClient = async (tx: { to: Address; data: Hex; value: bigint; estimateGas: unknown }) => {
    expect(typeof tx.estimateGas).toBe('string')
    const client = h.walletClient(CHAIN_ID, ACCOUNT_INDEX)
    const hash = await client.sendTransaction({
      to: tx.to,
      data: tx.data,
      value: tx.value,
      gas: (BigInt(String(tx.estimateGas)) * 12n) / 10n,
    })
    const receipt = await waitForReceipt(client, { hash })
    expect(receipt.status).toBe('success')
  }

  /** The sloppy extras clients send beside a quote request. */
  const sloppyExtras = () => ({
    deadline: 'undefined',
    slippage: 'undefined',
    uuid: '',
    receiver: 'undefined',
    timestamp: String(Date.now()),
    version: 'v2',
    generateTransactionData: 'true',
  })

  it('quote (sloppy inputs, `undefined` API key) -> POST swap with a rewritten version -> sent to map[contractVersion][chain]: pays the quote', async () => {
    await h.refreshAll()
    const map = await loadAddressMap()
    const amount = 10n ** 17n
    const quotes = await get(
      `/trade/v1/${CHAIN_ID}/quote/single`,
      {
        fromTokenAddress: zeroAddress,
        toTokenAddress: usdc,
        amount: amount.toString(),
        sender: account,
        ...sloppyExtras(),
      },
      { 'x-api-key': 'undefined' },
    )
    expect(quotes.status).toBe(200)
    if (!Array.isArray(quotes.body)) throw new Error('quote/single must answer an array')
    const [best] = quotes.body.map(expectClientQuote)
    if (best === undefined) throw new Error('no quote')
    expect(best.nativeValue).toBe(amount.toString())
    expect(field(field(best.transactionData, 'info'), 'slippage')).toBe(0.005)

    const transactionData = { ...expectClientSuccess(best.transactionData), version: 1 }
    const swap = await postJson(
      `/trade/v1/${CHAIN_ID}/swap/single`,
      { transactionData, nativeValue: best.nativeValue, account, tradeType: 0, receiver: null },
      { authorization: 'Bearer undefined' },
    )
    expect(swap.status).toBe(200)
    const answer = expectClientSuccess(swap.body)
    expect(answer.contractVersion).toBe('v1')
    expectDecimalStrings(answer, ['nativeValue', 'allowance', 'gasPrice'])
    for (const key of ['insufficientFunds', 'insufficientGas', 'insufficientAllowance']) {
      expect(answer[key], key).toBe(false)
    }
    expect(answer.data).toMatch(hexData)

    const to = field(map[String(answer.contractVersion)], String(CHAIN_ID))
    expect(typeof to).toBe('string')
    const usdcBefore = await h.balanceOf(CHAIN_ID, usdc, account)
    await sendAsClient({
      to: getAddress(String(to)),
      data: String(answer.data) as Hex,
      value: BigInt(String(answer.nativeValue)),
      estimateGas: answer.estimateGas,
    })
    const received = (await h.balanceOf(CHAIN_ID, usdc, account)) - usdcBefore
    expect(received).toBe(BigInt(String(best.toTokenAmount)))
  })

  it('token input: approval spender and transaction from the map, then swap with version "V1" and "v2"', async () => {
    await h.refreshAll()
    const map = await loadAddressMap()
    const aggregator = getAddress(String(field(map.v1, String(CHAIN_ID))))
    const spender = await get(`/trade/v1/${CHAIN_ID}/approval/spender`)
    expect(
      isAddressEqual(getAddress(String(field(expectClientSuccess(spender.body), 'address'))), aggregator),
    ).toBe(true)
    const amount = 250_000_000n
    const approval = await get(`/trade/v1/${CHAIN_ID}/approval/transaction`, {
      tokenAddress: usdc,
      walletAddress: account,
      amount: amount.toString(),
    })
    expect(approval.status).toBe(200)
    const approvalTx = expectClientSuccess(approval.body)
    expectDecimalStrings(approvalTx, ['value', 'gasPrice'])
    await h.sendAndWait(h.walletClient(CHAIN_ID, ACCOUNT_INDEX), {
      to: getAddress(String(approvalTx.to)),
      data: String(approvalTx.data) as Hex,
      value: BigInt(String(approvalTx.value)),
    })
    const allowance = await get(`/trade/v1/${CHAIN_ID}/approval/allowance`, {
      tokenAddress: usdc,
      walletAddress: account,
    })
    expect(field(expectClientSuccess(allowance.body), 'allowance')).toBe(amount.toString())

    for (const version of ['V1', 'v2']) {
      const quotes = await get(`/trade/v1/${CHAIN_ID}/quote/single`, {
        fromTokenAddress: usdc,
        toTokenAddress: zeroAddress,
        amount: (amount / 2n).toString(),
        sender: account,
        uuid: 'undefined',
      })
      expect(quotes.status).toBe(200)
      const best = Array.isArray(quotes.body) ? expectClientQuote(quotes.body[0]) : undefined
      if (best === undefined) throw new Error('no quote')
      const transactionData = { ...expectClientSuccess(best.transactionData), version }
      const swap = await postJson(`/trade/v1/${CHAIN_ID}/swap/single`, {
        transactionData,
        nativeValue: best.nativeValue,
        account,
      })
      expect(swap.status, version).toBe(200)
      const answer = expectClientSuccess(swap.body)
      expect(answer.contractVersion).toBe('v1')
      expect(answer.nativeValue).toBe('0')
      expect(answer.insufficientAllowance).toBe(false)
      const before = await h.balanceOf(CHAIN_ID, usdc, account)
      await sendAsClient({
        to: getAddress(String(field(map[String(answer.contractVersion)], String(CHAIN_ID)))),
        data: String(answer.data) as Hex,
        value: 0n,
        estimateGas: answer.estimateGas,
      })
      expect(before - (await h.balanceOf(CHAIN_ID, usdc, account))).toBe(amount / 2n)
      await h.refreshAll()
    }
  })

  it('reads a deadline in milliseconds as milliseconds', async () => {
    const deadlineMs = Date.now() + 10 * 60_000
    const quotes = await get(`/trade/v1/${CHAIN_ID}/quote/single`, {
      fromTokenAddress: zeroAddress,
      toTokenAddress: usdc,
      amount: '1000000000000000',
      sender: account,
      deadline: String(deadlineMs),
    })
    expect(quotes.status).toBe(200)
    const best = Array.isArray(quotes.body) ? expectClientQuote(quotes.body[0]) : undefined
    expect(field(field(best?.transactionData, 'info'), 'deadline')).toBe(Math.floor(deadlineMs / 1000))
  })

  it('stays strict where money is at stake: a present wrong key is 401, bad amounts and slippage 400', async () => {
    const base = { fromTokenAddress: zeroAddress, toTokenAddress: usdc, amount: '1000000000000000' }
    const wrongKey = await get(`/trade/v1/${CHAIN_ID}/quote/single`, base, { 'x-api-key': 'not-our-key' })
    expect(wrongKey.status).toBe(401)
    for (const [name, query] of [
      ['amount as a float', { ...base, amount: '1.5' }],
      ['slippage as percent', { ...base, slippage: '50' }],
      ['deadline not a number', { ...base, deadline: 'soon' }],
    ] as const) {
      const res = await get(`/trade/v1/${CHAIN_ID}/quote/single`, query)
      expect(res.status, name).toBe(400)
      expect(field(field(res.body, 'error'), 'code'), name).toBe('INVALID_PARAMS')
    }
  })

  it('dust answers the exact message clients map to "pair not supported", beside our stable code', async () => {
    const dust = await get(`/trade/v1/${CHAIN_ID}/quote/single`, {
      fromTokenAddress: zeroAddress,
      toTokenAddress: usdc,
      amount: '1',
    })
    expect(dust.status).toBe(400)
    expect(field(dust.body, 'message')).toBe('Insufficient amount')
    expect(field(field(dust.body, 'error'), 'code')).toBe('BELOW_MINIMUM')
    expect(field(field(field(dust.body, 'error'), 'details'), 'param')).toBe('amount')
    const tooLarge = await get(`/trade/v1/${CHAIN_ID}/quote/single`, {
      fromTokenAddress: zeroAddress,
      toTokenAddress: usdc,
      amount: (10n ** 30n).toString(),
      isExactOut: 'true',
    })
    expect(tooLarge.status).toBe(422)
    expect(field(field(tooLarge.body, 'error'), 'code')).toBe('INSUFFICIENT_LIQUIDITY')
    expect(field(tooLarge.body, 'message')).not.toBe('Insufficient amount')
  })

  it('info/chains is an object keyed by chain id; popular tokens under /trade/v1 honour chain_id with contracts[]', async () => {
    const chains = await get('/trade/v1/info/chains')
    const record = field(field(expectClientSuccess(chains.body), 'chains'), String(CHAIN_ID))
    expect(field(record, 'chainId')).toBe(CHAIN_ID)
    const popular = await get('/trade/v1/info/token/popular', {
      from: '0',
      to: '19',
      chain_id: String(CHAIN_ID),
    })
    expect(popular.status).toBe(200)
    if (!Array.isArray(popular.body)) throw new Error('popular must answer an array')
    expect(popular.body.length).toBeGreaterThan(1)
    expect(popular.body.length).toBeLessThanOrEqual(20)
    for (const token of popular.body) {
      expect(typeof field(token, 'logo')).toBe('string')
      const contracts = field(token, 'contracts')
      expect(contracts).toEqual([
        { chain_id: CHAIN_ID, contract_address: field(token, 'address'), decimals: field(token, 'decimals') },
      ])
    }
  })
})
