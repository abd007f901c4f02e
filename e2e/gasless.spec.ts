import type { Page, Response } from '@playwright/test'
import {
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  type LocalAccount,
  maxUint256,
  parseUnits,
  zeroAddress,
  zeroHash,
} from 'viem'
import { aggregatorAbi } from '../contracts/artifacts/index'
import type { GaslessEstimate } from '../web/features/gasless/api/fetchGaslessEstimate'
import type { GaslessOrderView } from '../web/features/gasless/api/fetchGaslessOrder'
import { formatTokenAmount } from '../web/lib/formatTokenAmount'
import { getApiJson, readAllowance, readBalance, setAllowance } from './fixtures/chainHelpers'
import { getFirstChainSetup, openConnected } from './fixtures/session'
import { type E2EWallet, expect, test } from './fixtures/wallet'

/** Every gasless estimate the page receives, newest last. */
function recordEstimates(page: Page) {
  const answers: GaslessEstimate[] = []
  page.on('response', async (response) => {
    if (!response.url().includes('/v1/gasless/estimate') || !response.ok()) return
    try {
      answers.push((await response.json()) as GaslessEstimate)
    } catch (_error: unknown) {
      // a navigation can discard the body
    }
  })
  return answers
}

/** Permit2's address on `chainId` (`GET /trade/v1/info/contract-addresses`). */
async function getPermit2(baseURL: string, chainId: number) {
  const { chains } = await getApiJson<{ chains: Record<string, { permit2: string }> }>(
    baseURL,
    '/trade/v1/info/contract-addresses',
  )
  const found = chains[String(chainId)]
  if (found === undefined) throw new Error(`no contracts on chain ${chainId}`)
  return getAddress(found.permit2)
}

type RouteStepJson = {
  kind: number
  factoryId: number
  tokenIn: Address
  tokenOut: Address
  fee: number
  share: string
}

/** Sells `amountIn` along `steps` through the Aggregator from Node with `account`, and waits until it is mined. */
async function swapAlongRoute(p: {
  chain: Chain
  account: LocalAccount
  aggregator: Address
  steps: RouteStepJson[]
  amountIn: bigint
}) {
  const [first] = p.steps
  const last = p.steps.at(-1)
  if (first === undefined || last === undefined) throw new Error('the order has no route')
  const publicClient = createPublicClient({ chain: p.chain, transport: http() })
  const walletClient = createWalletClient({ account: p.account, chain: p.chain, transport: http() })
  const block = await publicClient.getBlock()
  const hash = await walletClient.writeContract({
    address: p.aggregator,
    abi: aggregatorAbi,
    functionName: 'swapExactInRoute',
    args: [
      {
        tokenIn: first.tokenIn,
        tokenOut: last.tokenOut,
        amountIn: p.amountIn,
        amountOut: 1n,
        receiver: p.account.address,
        deadline: block.timestamp + 600n,
        feeRecipient: zeroAddress,
        feeBps: 0,
        integratorId: zeroHash,
      },
      p.steps.map((step) => ({ ...step, share: BigInt(step.share) })),
    ],
  })
  const receipt = await publicClient.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`the market move reverted (tx ${hash})`)
}

const isCreate = (response: Response) =>
  response.url().includes('/v1/gasless/create') && response.request().method() === 'POST'

async function sellGasless(
  { page, wallet, baseURL }: { page: Page; wallet: E2EWallet; baseURL: string | undefined },
  symbols: { sell: string; buy: string; tokenPermit: boolean },
) {
  if (baseURL === undefined) throw new Error('baseURL is not configured')
  const { chain, token } = await getFirstChainSetup(wallet, baseURL)
  const [usdc, dai] = [token(symbols.sell), token(symbols.buy)]
  const read = (t: Address) => readBalance({ chain, token: t, address: wallet.address })
  const permit2 = await getPermit2(baseURL, chain.id)
  await setAllowance({ chain, account: wallet.account, token: usdc.address, spender: permit2, amount: 0n })
  const estimates = recordEstimates(page)
  const swap = await openConnected(page, `?chain=${chain.id}&from=${usdc.symbol}&to=${dai.symbol}`)
  const gasless = swap.card.getByRole('switch', { name: /^Gasless/ })
  const status = swap.card.getByRole('region', { name: 'Gasless order status' })

  await test.step('choose gasless: the relayer fee in the token sold replaces the network fee', async () => {
    await swap.payInput.fill('25')
    await swap.waitForQuotes()
    await gasless.check()
    const order = swap.card.getByRole('definition')
    await expect(order.first()).toHaveText('None: the relayer pays the gas')
    await expect.poll(() => estimates.length).toBeGreaterThan(0)
    const estimate = estimates.at(-1)
    if (estimate === undefined) throw new Error('no estimate')
    expect(estimate.permit2.approvalNeeded).toBe(true)
    expect(estimate.eip2612Permit).toBe(symbols.tokenPermit)
    await expect(order.nth(1)).toHaveText(
      `${formatTokenAmount({ amount: BigInt(estimate.fee), decimals: usdc.decimals, locale: 'en-US', roundingMode: 'ceil' })} ${usdc.symbol}`,
    )
  })

  const ethAtStart = await read(zeroAddress)
  if (symbols.tokenPermit) {
    await expect(swap.card.getByText(`${usdc.symbol} has its own permit`)).toBeVisible()
    await expect(swap.card.getByRole('button', { name: `Approve ${usdc.symbol} for Permit2` })).toHaveCount(0)
  } else {
    await test.step('the one-time Permit2 approval is a transaction; then only a signature is asked', async () => {
      await swap.card.getByRole('button', { name: `Approve ${usdc.symbol} for Permit2` }).click()
      await expect(swap.card.getByRole('button', { name: 'Sign gasless order' })).toBeEnabled({
        timeout: 30_000,
      })
      expect(
        await readAllowance({ chain, token: usdc.address, owner: wallet.address, spender: permit2 }),
      ).toBe(maxUint256)
    })
  }

  const [ethBefore, usdcBefore, daiBefore] = await Promise.all([
    read(zeroAddress),
    read(usdc.address),
    read(dai.address),
  ])
  const count = (method: string) => wallet.requests.filter((m) => m === method).length
  const [sentBefore, signedBefore] = [count('eth_sendTransaction'), count('eth_signTypedData_v4')]
  let orderId = ''
  await test.step('sign: the order is submitted and completes', async () => {
    const created = page.waitForResponse(isCreate)
    await swap.card.getByRole('button', { name: 'Sign gasless order' }).click()
    const body = (await (await created).json()) as { success: boolean; orderId: string }
    expect(body.success).toBe(true)
    orderId = body.orderId
    await expect(status.getByRole('status')).toHaveText('Completed', { timeout: 60_000 })
    // the history follows the status as soon as the order ends, not at its next 10 s poll
    await expect(
      page.getByRole('list', { name: 'Gasless orders' }).getByRole('listitem').first(),
    ).toContainText('Completed', { timeout: 3_000 })
    expect(count('eth_sendTransaction')).toBe(sentBefore)
    // the order, and first the token's own permit when it has one
    expect(count('eth_signTypedData_v4') - signedBefore).toBe(symbols.tokenPermit ? 2 : 1)
  })

  await test.step('the receiver got at least the signed minimum, exactly what the status reports, and no ETH moved', async () => {
    const { response: order } = await getApiJson<{ response: GaslessOrderView }>(
      baseURL,
      `/trade/v1/gasless/status/${orderId}`,
    )
    if (order.amountOut === null || order.txCompleted === null) throw new Error('the order has no output')
    const [ethAfter, usdcAfter, daiAfter] = await Promise.all([
      read(zeroAddress),
      read(usdc.address),
      read(dai.address),
    ])
    expect(order.amount).toBe(parseUnits('25', usdc.decimals).toString())
    expect(usdcBefore - usdcAfter).toBe(BigInt(order.amount))
    expect(daiAfter - daiBefore).toBe(BigInt(order.amountOut))
    expect(BigInt(order.amountOut) >= BigInt(order.amountOutMin)).toBe(true)
    expect(ethAfter).toBe(ethBefore)
    if (symbols.tokenPermit) expect(ethAfter).toBe(ethAtStart)
    await expect(status.getByRole('definition').nth(2)).toHaveText(
      `${formatTokenAmount({ amount: BigInt(order.amountOut), decimals: dai.decimals, locale: 'en-US' })} ${dai.symbol}`,
    )
    await expect(status.getByRole('definition').nth(3).locator('code')).toHaveAttribute(
      'title',
      order.txCompleted,
    )
  })

  await test.step('the history lists the order as completed', async () => {
    const history = page.getByRole('list', { name: 'Gasless orders' })
    await expect(history.getByRole('listitem').first()).toContainText('Completed')
  })
}

test.describe('gasless', () => {
  test('DAI for USDC gasless: approve Permit2 once, sign, completed; the receiver gets what the status says and no ETH is spent', async ({
    page,
    wallet,
    baseURL,
  }) => {
    await sellGasless({ page, wallet, baseURL }, { sell: 'DAI', buy: 'USDC', tokenPermit: false })
  })

  test("USDC for DAI gasless with USDC's own permit: two signatures, no transaction at all, completed", async ({
    page,
    wallet,
    baseURL,
  }) => {
    await sellGasless({ page, wallet, baseURL }, { sell: 'USDC', buy: 'DAI', tokenPermit: true })
  })

  test('a pending gasless order is cancelled before the relayer can execute it', async ({
    page,
    wallet,
    baseURL,
  }) => {
    if (baseURL === undefined) throw new Error('baseURL is not configured')
    const { chain, token, record } = await getFirstChainSetup(wallet, baseURL)
    const [usdc, dai] = [token('USDC'), token('DAI')]
    const read = (t: Address) => readBalance({ chain, token: t, address: wallet.address })
    const moved = parseUnits('5000', usdc.decimals)
    await setAllowance({
      chain,
      account: wallet.account,
      token: usdc.address,
      spender: record.aggregator,
      amount: moved,
    })
    await setAllowance({
      chain,
      account: wallet.account,
      token: usdc.address,
      spender: await getPermit2(baseURL, chain.id),
      amount: maxUint256,
    })
    const swap = await openConnected(page, `?chain=${chain.id}&from=USDC&to=DAI`)
    const status = swap.card.getByRole('region', { name: 'Gasless order status' })

    await test.step('a custom slippage of 0.001%, then gasless', async () => {
      await swap.card.getByRole('button', { name: 'Swap settings' }).click()
      const settings = page.getByRole('dialog', { name: 'Swap settings' })
      await settings.getByRole('textbox', { name: 'Custom slippage in percent' }).fill('0.001')
      await page.keyboard.press('Escape')
      await expect(settings).toBeHidden()
      await swap.payInput.fill('25')
      await swap.waitForQuotes()
      await swap.card.getByRole('switch', { name: /^Gasless/ }).check()
      await expect(swap.card.getByRole('button', { name: 'Sign gasless order' })).toBeEnabled()
    })

    // A slippage of 0.001% rounds to 0 basis points: the signed minimum is the quoted output itself. Just before
    // the order reaches the server, the wallet sells USDC for DAI from Node along the order's very route (the
    // same pools), so that minimum no longer holds and the relayer keeps the order pending instead of executing it.
    await page.route('**/v1/gasless/create', async (route) => {
      const { call } = route.request().postDataJSON() as { call: RouteStepJson[] }
      await swapAlongRoute({
        chain,
        account: wallet.account,
        aggregator: record.aggregator,
        steps: call,
        amountIn: moved,
      })
      await route.continue()
    })
    const usdcBefore = await readBalance({ chain, token: usdc.address, address: wallet.address })
    let orderId = ''
    await test.step('sign: the order stays pending', async () => {
      const created = page.waitForResponse(isCreate)
      await swap.card.getByRole('button', { name: 'Sign gasless order' }).click()
      orderId = ((await (await created).json()) as { orderId: string }).orderId
      await expect(status.getByRole('status')).toHaveText('Pending')
    })
    const [usdcMoved, daiMoved] = await Promise.all([read(usdc.address), read(dai.address)])

    await test.step('cancel: signed by the owner, the order ends cancelled and nothing is spent', async () => {
      const signsBefore = wallet.requests.filter((m) => m === 'personal_sign').length
      await status.getByRole('button', { name: 'Cancel order' }).click()
      await expect(status.getByRole('status')).toHaveText('Cancelled')
      expect(wallet.requests.filter((m) => m === 'personal_sign').length).toBe(signsBefore + 1)
      await expect(status.getByRole('button', { name: 'Cancel order' })).toHaveCount(0)
      const { response: order } = await getApiJson<{ response: GaslessOrderView }>(
        baseURL,
        `/trade/v1/gasless/status/${orderId}`,
      )
      expect(order.status).toBe('cancelled')
      expect(order.txCompleted).toBe(null)
      const [usdcAfter, daiAfter] = await Promise.all([read(usdc.address), read(dai.address)])
      expect(usdcAfter).toBe(usdcMoved)
      expect(daiAfter).toBe(daiMoved)
      expect(usdcBefore - usdcMoved).toBe(moved)
    })
  })
})
