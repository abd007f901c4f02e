import type { Page } from '@playwright/test'
import { zeroAddress } from 'viem'
import type { ApprovalTransaction } from '../web/features/swap/api/fetchApprovalTransaction'
import { formatExchangeRate } from '../web/features/swap/model/formatExchangeRate'
import type { TokenRecord } from '../web/lib/api'
import { formatPercent } from '../web/lib/formatPercent'
import { formatTokenAmount } from '../web/lib/formatTokenAmount'
import { formatUsd } from '../web/lib/formatUsd'
import {
  getApiJson,
  getChainSetup,
  readAllowance,
  readBalance,
  recordQuotes,
  setAllowance,
} from './fixtures/chainHelpers'
import { expectNoSeriousViolations } from './fixtures/expectNoSeriousViolations'
import { firstChain, getFirstChainSetup, openConnected } from './fixtures/session'
import { expect, test } from './fixtures/wallet'

/** Every request URL the page sends whose path contains `fragment`, and every POST body to it. */
function recordRequests(page: Page, fragment: string) {
  const urls: URL[] = []
  const bodies: unknown[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (!url.pathname.includes(fragment)) return
    urls.push(url)
    if (request.method() === 'POST') bodies.push(request.postDataJSON())
  })
  return { urls, bodies }
}

/** Every answer of the approval-transaction endpoint the page receives. */
function recordApprovalAnswers(page: Page) {
  const answers: ApprovalTransaction[] = []
  page.on('response', async (response) => {
    if (!response.url().includes('/approval/transaction') || !response.ok()) return
    try {
      answers.push((await response.json()) as ApprovalTransaction)
    } catch (_error: unknown) {
      // a navigation can discard the body
    }
  })
  return answers
}

test.describe('swap', () => {
  test('native to token: the received amount equals the quote to the wei', async ({
    page,
    wallet,
    baseURL,
  }) => {
    const { chain, token } = await getFirstChainSetup(wallet, baseURL)
    const usdc = token('USDC')
    const quotes = recordQuotes(page)
    const quoteRequests = recordRequests(page, '/quote/single')
    const swapRequests = recordRequests(page, '/swap/single')
    const swap = await openConnected(page, `?chain=${chain.id}&from=ETH&to=USDC`)
    const before = await readBalance({ chain, token: usdc.address, address: wallet.address })

    await test.step('type an amount and see every exchange quoted', async () => {
      await swap.payInput.fill('0.5')
      await swap.waitForQuotes()
      // the card shows the best quote; the others are one press away, and the choice stays in view
      await expect(swap.quotes.getByRole('radio')).toHaveCount(1)
      const more = swap.quotes.getByRole('button', { name: /^Show \d+ more quotes?$/ })
      await expect(more).toHaveAttribute('aria-expanded', 'false')
      await more.click()
      expect(await swap.quotes.getByRole('radio').count()).toBeGreaterThan(1)
      const other = swap.quotes.getByRole('radio').nth(1)
      await other.check()
      await swap.quotes.getByRole('button', { name: 'Show fewer quotes' }).click()
      await expect(swap.quotes.getByRole('radio')).toHaveCount(2)
      await expect(swap.quotes.getByRole('radio').nth(1)).toBeChecked()
      await swap.quotes.getByRole('radio').first().check()
      await expect(page).toHaveURL(/amount=0\.5/)
    })

    await test.step('the card states the rate, and its inverse when pressed', async () => {
      const [best] = quotes.last()
      if (best === undefined) throw new Error('no best quote')
      const [amountIn, amountOut] = [BigInt(best.fromTokenAmount), BigInt(best.toTokenAmount)]
      // rates keep 18 digits beyond the counter token's decimals
      const fmt = (amount: bigint, decimals: number) =>
        formatExchangeRate({ rate: { amount, decimals: decimals + 18 }, locale: 'en-US' })
      const rate = swap.card.getByRole('button', { name: /^Rate: / })
      await expect(rate).toHaveText(`1 ETH = ${fmt((amountOut * 10n ** 36n) / amountIn, usdc.decimals)} USDC`)
      await rate.click()
      await expect(rate).toHaveText(`1 USDC = ${fmt((amountIn * 10n ** 24n) / amountOut, 18)} ETH`)
    })

    await test.step('auto slippage: reviewable after one quote request', async () => {
      await expect(swap.reviewButton).toBeEnabled()
      const forAmount = quoteRequests.urls.filter(
        (url) => url.searchParams.get('amount') === '500000000000000000',
      )
      expect(forAmount).toHaveLength(1)
    })

    let quoted = 0n
    let minimum = 0n
    await test.step('review: the recommended slippage and its minimum received', async () => {
      await swap.reviewButton.click()
      const [best] = quotes.last()
      if (best === undefined) throw new Error('no best quote')
      quoted = BigInt(best.toTokenAmount)
      const bps = Math.round(best.recommendedSlippage * 100)
      minimum = (quoted * BigInt(10_000 - bps)) / 10_000n
      await expect(swap.reviewValue('Max slippage')).toHaveText(`${bps / 100}% (auto)`)
      for (const [term, usd] of [
        ['You pay', best.amountInUsd],
        ['You receive', best.amountOutUsd],
      ] as const) {
        const amount = swap.reviewValue(term)
        await expect(amount.locator('img, svg')).toHaveCount(1)
        await expect(amount.locator('xpath=following-sibling::dd[1]')).toHaveText(
          formatUsd({ value: usd, locale: 'en-US' }) ?? 'no price',
        )
      }
      const lpFee = formatTokenAmount({
        amount: BigInt(best.lpFeeAmount),
        decimals: usdc.decimals,
        locale: 'en-US',
        roundingMode: 'ceil',
      })
      await expect(swap.reviewValue('Pool fees')).toHaveText(
        `${formatPercent({ value: best.lpFeePercent, locale: 'en-US' })}: ${lpFee} USDC, included in the rate`,
      )
      await expect(swap.reviewValue('Minimum received')).toHaveText(
        `${formatTokenAmount({ amount: minimum, decimals: usdc.decimals, locale: 'en-US', roundingMode: 'trunc' })} USDC`,
      )
    })

    await test.step('review: the rate per whole ETH and the network fee in USD and ETH', async () => {
      const [best] = quotes.last()
      if (best === undefined) throw new Error('no best quote')
      const amount = (BigInt(best.toTokenAmount) * 10n ** 36n) / BigInt(best.fromTokenAmount)
      const rate = { amount, decimals: usdc.decimals + 18 }
      await expect(swap.reviewValue('Rate')).toHaveText(
        `1 ETH = ${formatExchangeRate({ rate, locale: 'en-US' })} USDC`,
      )
      await expect(swap.reviewValue('Network fee')).toHaveText(/^\$\d+\.\d{2} \([\d.]+ ETH\)$/)
      await expect(swap.reviewValue('Route')).toHaveText(/^Best route: \d+(\.\d)?% WETH → /)
    })

    await test.step('confirm: the transaction enforces that minimum', async () => {
      await swap.confirm()
      const body = swapRequests.bodies.at(-1) as { transactionData: { info: { amountOutMin: string } } }
      expect(body.transactionData.info.amountOutMin).toBe(minimum.toString())
    })

    await test.step('the balance moved by exactly the quoted amount', async () => {
      const after = await readBalance({ chain, token: usdc.address, address: wallet.address })
      expect(after - before).toBe(quoted)
      await swap.reviewDialog.getByRole('button', { name: 'Done' }).click()
      await expect(
        page.getByRole('list', { name: 'Recent swaps' }).getByText('Confirmed').first(),
      ).toBeVisible()
    })
  })

  test('token to token with an exact approval', async ({ page, wallet, baseURL }) => {
    const { chain, token, record } = await getFirstChainSetup(wallet, baseURL)
    const [usdc, dai] = [token('USDC'), token('DAI')]
    await setAllowance({
      chain,
      account: wallet.account,
      token: usdc.address,
      spender: record.aggregator,
      amount: 0n,
    })
    const quotes = recordQuotes(page)
    const swap = await openConnected(page, `?chain=${chain.id}&from=USDC&to=DAI`)
    const before = await readBalance({ chain, token: dai.address, address: wallet.address })

    await test.step('the review lists the approval, then the swap', async () => {
      await swap.payInput.fill('25')
      await swap.waitForQuotes()
      await swap.reviewButton.click()
      await expect(swap.approvalSteps.getByRole('listitem')).toHaveText([
        /Approve USDC\s*To do$/,
        /Swap USDC for DAI\s*To do$/,
      ])
    })

    await test.step('one confirm approves exactly the amount sold, then swaps it', async () => {
      const [best] = quotes.last()
      if (best === undefined) throw new Error('no best quote')
      const sentBefore = wallet.requests.filter((m) => m === 'eth_sendTransaction').length
      await swap.reviewDialog.getByRole('button', { name: 'Approve USDC and swap' }).click()
      await expect(swap.reviewDialog.getByText('Swap confirmed')).toBeVisible({ timeout: 30_000 })
      expect(wallet.requests.filter((m) => m === 'eth_sendTransaction').length - sentBefore).toBe(2)
      await expect(swap.approvalSteps.getByRole('listitem')).toHaveText([
        /Approve USDC\s*Done\s*Transaction\s*0x/,
        /Swap USDC for DAI\s*Done\s*Transaction\s*0x/,
      ])
      const after = await readBalance({ chain, token: dai.address, address: wallet.address })
      expect(after - before).toBe(BigInt(best.toTokenAmount))
      expect(
        await readAllowance({
          chain,
          token: usdc.address,
          owner: wallet.address,
          spender: record.aggregator,
        }),
      ).toBe(0n)
    })

    await test.step('the approval is in the history beside the swap', async () => {
      await swap.reviewDialog.getByRole('button', { name: 'Done' }).click()
      const history = page.getByRole('list', { name: 'Recent swaps' }).getByRole('listitem')
      await expect(history.nth(1)).toContainText('Approve 25 USDC')
      await expect(history.nth(1)).toContainText('Confirmed')
      await expect(history.nth(0)).toContainText(/^25 USDC → /)
    })
  })

  test('exact output: receive exactly the typed amount', async ({ page, wallet, baseURL }) => {
    const { chain, token } = await getFirstChainSetup(wallet, baseURL)
    const usdc = token('USDC')
    const quotes = recordQuotes(page)
    const swap = await openConnected(page, `?chain=${chain.id}&from=ETH&to=USDC`)
    const before = await readBalance({ chain, token: usdc.address, address: wallet.address })
    await swap.receiveInput.fill('123.45')
    await swap.waitForQuotes()
    await expect(swap.payInput).not.toHaveValue('')
    await swap.reviewButton.click()
    await expect(swap.reviewDialog.getByText('Maximum sold')).toBeVisible()
    const [best] = quotes.last()
    expect(best?.tradeType).toBe(1)
    await swap.confirm()
    const after = await readBalance({ chain, token: usdc.address, address: wallet.address })
    expect(after - before).toBe(123_450_000n)
  })

  test('USDT-style token: a new approval resets the old one to 0 first', async ({
    page,
    wallet,
    baseURL,
  }) => {
    const { chain, token, record } = await getFirstChainSetup(wallet, baseURL)
    const [usdt, usdc] = [token('USDT'), token('USDC')]
    expect(usdt.tags).toContain('approve-reset')
    await setAllowance({
      chain,
      account: wallet.account,
      token: usdt.address,
      spender: record.aggregator,
      amount: 1_000_000n,
    })
    const quotes = recordQuotes(page)
    const approvalAnswers = recordApprovalAnswers(page)
    const allowanceRequests = recordRequests(page, '/approval/allowance')
    const swap = await openConnected(page, `?chain=${chain.id}&from=USDT&to=USDC`)
    const before = await readBalance({ chain, token: usdc.address, address: wallet.address })

    await test.step('the review lays out a reset to 0, the approval and the swap', async () => {
      await swap.payInput.fill('40')
      await swap.waitForQuotes()
      await swap.reviewButton.click()
      await expect(swap.approvalSteps.getByRole('listitem')).toHaveText([
        /Reset USDT approval to 0\s*To do$/,
        /Approve USDT\s*To do$/,
        /Swap USDT for USDC\s*To do$/,
      ])
      expect(allowanceRequests.urls.length).toBeGreaterThan(0)
    })

    await test.step('one confirm sends the three in order, each with its hash', async () => {
      const [best] = quotes.last()
      if (best === undefined) throw new Error('no best quote')
      const sentBefore = wallet.requests.filter((m) => m === 'eth_sendTransaction').length
      const answersBefore = approvalAnswers.length
      await swap.reviewDialog.getByRole('button', { name: 'Approve USDT and swap' }).click()
      await expect(swap.reviewDialog.getByText('Swap confirmed')).toBeVisible({ timeout: 30_000 })
      expect(wallet.requests.filter((m) => m === 'eth_sendTransaction').length - sentBefore).toBe(3)
      await expect(swap.approvalSteps.getByRole('listitem')).toHaveText([
        /Reset USDT approval to 0\s*Done\s*Transaction\s*0x/,
        /Approve USDT\s*Done\s*Transaction\s*0x/,
        /Swap USDT for USDC\s*Done\s*Transaction\s*0x/,
      ])
      // the first answer after Confirm is the approval sent; later ones are previews for the new allowance
      const used = approvalAnswers[answersBefore]
      expect(used?.resetRequired).toBe(true)
      expect(used?.steps.map((step) => [step.kind, step.amount])).toEqual([
        ['reset', '0'],
        ['approve', '40000000'],
      ])
      const after = await readBalance({ chain, token: usdc.address, address: wallet.address })
      expect(after - before).toBe(BigInt(best.toTokenAmount))
      expect(
        await readAllowance({
          chain,
          token: usdt.address,
          owner: wallet.address,
          spender: record.aggregator,
        }),
      ).toBe(0n)
    })
  })

  test('error paths: rejected signature, insufficient balance, no route', async ({ page, wallet }) => {
    const chain = firstChain(wallet)
    const swap = await openConnected(page, `?chain=${chain.id}&from=ETH&to=USDC`)

    await test.step('a rejected signature is shown plainly and nothing is sent', async () => {
      const ethBefore = await readBalance({ chain, token: zeroAddress, address: wallet.address })
      await swap.payInput.fill('0.1')
      await swap.waitForQuotes()
      await swap.reviewButton.click()
      wallet.rejectNextRequest()
      await swap.confirmButton.click()
      await expect(swap.reviewDialog.getByRole('alert')).toHaveText('Request rejected in the wallet.')
      expect(await readBalance({ chain, token: zeroAddress, address: wallet.address })).toBe(ethBefore)
      await page.keyboard.press('Escape')
      await expect(swap.reviewDialog).toBeHidden()
    })

    await test.step('an amount above the balance cannot be reviewed', async () => {
      await swap.payInput.fill('50000000')
      await expect(swap.actionButton('Insufficient ETH balance')).toBeDisabled()
    })

    await test.step('an amount no pool can fill shows the liquidity message', async () => {
      await swap.receiveInput.fill('900000000000')
      await expect(swap.card.getByRole('alert')).toHaveText(
        'Not enough liquidity for this amount. Try a smaller amount.',
      )
      await expect(swap.actionButton('No quote available')).toBeDisabled()
    })
  })

  test('keyboard and accessibility: token dialog, settings and review pass axe', async ({
    page,
    wallet,
    baseURL,
  }) => {
    if (baseURL === undefined) throw new Error('baseURL is not configured')
    const chain = firstChain(wallet)
    await page.setViewportSize({ width: 375, height: 800 })
    const swap = await openConnected(page, `?chain=${chain.id}&from=ETH`)
    await expectNoSeriousViolations(page, 'section[aria-labelledby="swap-heading"]')

    await test.step('token dialog: search, arrow keys, Enter selects, Esc closes', async () => {
      await swap.receiveTokenButton.click()
      await expect(swap.tokenDialog).toBeVisible()
      const search = swap.tokenDialog.getByRole('combobox', { name: /Search/ })
      await expect(search).toBeFocused()
      await expectNoSeriousViolations(page, 'dialog[open]')
      const ranked = await getApiJson<TokenRecord[]>(
        baseURL,
        `/trade/v1/info/token/search?query=usd&chainId=${chain.id}`,
      )
      const second = ranked[1]?.symbol
      if (second === undefined) throw new Error('the search for "usd" found fewer than two tokens')
      await search.fill('usd')
      await expect(swap.tokenOptions).toHaveCount(ranked.length)
      await page.keyboard.press('ArrowDown')
      await expect(swap.tokenDialog.getByRole('option', { selected: true })).toHaveAccessibleName(
        new RegExp(`^${second}\\b`),
      )
      await page.keyboard.press('Enter')
      await expect(swap.tokenDialog).toBeHidden()
      await expect(swap.receiveTokenButton).toHaveAccessibleName(`You receive: ${second}, change token`)
      await expect(swap.receiveTokenButton).toBeFocused()
      await swap.payTokenButton.click()
      await page.keyboard.press('Escape')
      await expect(swap.tokenDialog).toBeHidden()
      await expect(swap.payTokenButton).toBeFocused()
    })

    await test.step('settings warn about extreme slippage', async () => {
      await swap.card.getByRole('button', { name: 'Swap settings' }).click()
      const settings = page.getByRole('dialog', { name: 'Swap settings' })
      await settings.getByRole('textbox', { name: 'Custom slippage in percent' }).fill('10')
      await expect(settings.getByRole('alert')).toHaveText(
        'Slippage above 5% exposes the trade to frontrunning.',
      )
      await settings.getByRole('textbox', { name: 'Custom slippage in percent' }).fill('0.01')
      await expect(settings.getByRole('alert')).toHaveText(
        'Slippage below 0.05% may make the transaction fail.',
      )
      await settings.getByRole('button', { name: /^Auto/ }).click()
      const deadline = settings.getByRole('textbox', { name: 'Transaction deadline (minutes)' })
      await deadline.fill('0')
      await expect(deadline).toHaveAttribute('aria-invalid', 'true')
      await expect(deadline).toHaveAccessibleDescription(
        'Enter whole minutes from 1 to 4320. The swap keeps using 20 minutes.',
      )
      await deadline.fill('30')
      await expect(deadline).toHaveAttribute('aria-invalid', 'false')
      await page.keyboard.press('Escape')
      await expect(swap.card.getByRole('button', { name: 'Swap settings' })).toBeFocused()
    })

    await test.step('review screen: a bottom sheet on the phone', async () => {
      await swap.payInput.fill('0.01')
      await swap.waitForQuotes()
      await expect(swap.card.getByText(/price impact\)$/)).toHaveCount(0)
      await swap.reviewButton.click()
      await expect(swap.confirmButton).toBeVisible()
      await expectNoSeriousViolations(page, 'dialog[open]')
      const sheet = await swap.reviewDialog.boundingBox()
      expect(sheet === null ? undefined : Math.round(sheet.y + sheet.height)).toBe(800)
      expect(sheet?.width).toBe(375)
      await page.keyboard.press('Escape')
      await expect(swap.reviewDialog).toBeHidden()
      await expect(swap.reviewButton).toBeFocused()
    })
  })

  test('a price impact above 5% needs the typed confirmation', async ({ page, wallet, baseURL }) => {
    const { chain, token } = await getFirstChainSetup(wallet, baseURL)
    const shib = token('SHIB')
    expect(shib.tags).toContain('long-tail')
    const quotes = recordQuotes(page)
    const swap = await openConnected(page, `?chain=${chain.id}&from=ETH&to=SHIB`)
    const before = await readBalance({ chain, token: shib.address, address: wallet.address })

    let quoted = 0n
    await test.step('a large buy of a thin long-tail pool is quoted with a high impact', async () => {
      await swap.payInput.fill('5')
      await swap.waitForQuotes()
      const [best] = quotes.last()
      if (best === undefined) throw new Error('no best quote')
      expect(best.priceImpact).toBeGreaterThan(5)
      quoted = BigInt(best.toTokenAmount)
      await expect(
        swap.card.getByText(`(−${best.priceImpact.toFixed(2)}% price impact)`, { exact: true }),
      ).toBeVisible()
    })

    await test.step('the review cannot be confirmed without typing "confirm"', async () => {
      await swap.reviewButton.click()
      await expect(swap.reviewDialog.getByText(/^Price impact is \d+\.\d{2}%/)).toBeVisible()
      await expect(swap.confirmButton).toBeDisabled()
      await swap.impactConfirmInput.fill('confirmed')
      await expect(swap.confirmButton).toBeDisabled()
      await swap.confirmButton.click({ force: true })
      expect(wallet.requests).not.toContain('eth_sendTransaction')
      await swap.impactConfirmInput.fill('confirm')
      await expect(swap.confirmButton).toBeEnabled()
      await expect(swap.confirmButton).toHaveClass(/\bbg-danger\b/)
      await expect(swap.reviewValue('Price impact')).toHaveClass(/\btext-danger\b/)
    })

    await test.step('once confirmed the swap goes through', async () => {
      await swap.confirm()
      const after = await readBalance({ chain, token: shib.address, address: wallet.address })
      expect(after - before).toBe(quoted)
    })
  })

  test('wrong network: the app offers to switch the wallet back, then swaps', async ({
    app,
    page,
    wallet,
    baseURL,
  }) => {
    if (baseURL === undefined) throw new Error('baseURL is not configured')
    const [chain, other] = wallet.chains
    if (chain === undefined || other === undefined) throw new Error('the devnet needs at least two chains')
    const { token } = await getChainSetup(baseURL, chain.id)
    const usdc = token('USDC')
    const quotes = recordQuotes(page)
    const swap = await openConnected(page, `?chain=${chain.id}&from=ETH&to=USDC`)
    const before = await readBalance({ chain, token: usdc.address, address: wallet.address })

    await test.step(`the wallet moves to ${other.name} on its own`, async () => {
      await wallet.switchChain(other.id)
      expect(wallet.getChainId()).toBe(other.id)
      await swap.payInput.fill('0.2')
      await swap.waitForQuotes()
      await expect(app.networkSelect).toHaveValue(String(chain.id))
      await expect(swap.reviewButton).toBeHidden()
    })

    await test.step(`the app offers to switch back to ${chain.name}`, async () => {
      await swap.actionButton(`Switch wallet to ${chain.name}`).click()
      await expect.poll(() => wallet.getChainId()).toBe(chain.id)
      await expect(swap.reviewButton).toBeEnabled()
    })

    await test.step('the swap then succeeds on the right chain', async () => {
      await swap.reviewButton.click()
      const [best] = quotes.last()
      if (best === undefined) throw new Error('no best quote')
      await swap.confirm()
      const after = await readBalance({ chain, token: usdc.address, address: wallet.address })
      expect(after - before).toBe(BigInt(best.toTokenAmount))
    })
  })
})
