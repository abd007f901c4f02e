import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { zeroAddress } from 'viem'
import {
  getChainSetup,
  readAllowance,
  readBalance,
  recordQuotes,
  setAllowance,
} from './fixtures/chainHelpers'
import { type E2EWallet, expect, test } from './fixtures/wallet'
import { AppPage } from './pages/AppPage'
import { SwapPage } from './pages/SwapPage'

function firstChain(wallet: E2EWallet) {
  const [chain] = wallet.chains
  if (chain === undefined) throw new Error('the devnet has no chain')
  return chain
}

async function openConnected(page: Page, search: string) {
  const app = new AppPage(page)
  const swap = new SwapPage(page)
  await swap.goto(search)
  await app.connect('E2E Wallet')
  return swap
}

async function expectNoSeriousViolations(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa']).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

test.describe('swap', () => {
  test('native to token: the received amount equals the quote to the wei', async ({
    page,
    wallet,
    baseURL,
  }) => {
    if (baseURL === undefined) throw new Error('baseURL is not configured')
    const chain = firstChain(wallet)
    const { token } = await getChainSetup(baseURL, chain.id)
    const usdc = token('USDC')
    const quotes = recordQuotes(page)
    const swap = await openConnected(page, `?chain=${chain.id}&from=ETH&to=USDC`)
    const before = await readBalance({ chain, token: usdc.address, address: wallet.address })

    await test.step('type an amount and see every exchange quoted', async () => {
      await swap.payInput.fill('0.5')
      await swap.waitForQuotes()
      expect(await swap.quotes.getByRole('radio').count()).toBeGreaterThan(1)
      await expect(page).toHaveURL(/amount=0\.5/)
    })

    let quoted = 0n
    await test.step('review and confirm', async () => {
      await swap.reviewButton.click()
      await expect(swap.reviewDialog.getByText('Minimum received')).toBeVisible()
      const [best] = quotes.last()
      if (best === undefined) throw new Error('no best quote')
      quoted = BigInt(best.toTokenAmount)
      await swap.confirmButton.click()
      await expect(swap.reviewDialog.getByText('Swap confirmed')).toBeVisible({ timeout: 30_000 })
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
    if (baseURL === undefined) throw new Error('baseURL is not configured')
    const chain = firstChain(wallet)
    const { token, record } = await getChainSetup(baseURL, chain.id)
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

    await test.step('approve exactly the amount sold', async () => {
      await swap.payInput.fill('25')
      await swap.waitForQuotes()
      await swap.actionButton('Approve USDC').click()
      await expect(swap.reviewButton).toBeVisible({ timeout: 30_000 })
      expect(
        await readAllowance({
          chain,
          token: usdc.address,
          owner: wallet.address,
          spender: record.aggregator,
        }),
      ).toBe(25_000_000n)
    })

    await test.step('swap and receive the quoted amount', async () => {
      await swap.reviewButton.click()
      const [best] = quotes.last()
      if (best === undefined) throw new Error('no best quote')
      await swap.confirmButton.click()
      await expect(swap.reviewDialog.getByText('Swap confirmed')).toBeVisible({ timeout: 30_000 })
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
  })

  test('exact output: receive exactly the typed amount', async ({ page, wallet, baseURL }) => {
    if (baseURL === undefined) throw new Error('baseURL is not configured')
    const chain = firstChain(wallet)
    const { token } = await getChainSetup(baseURL, chain.id)
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
    await swap.confirmButton.click()
    await expect(swap.reviewDialog.getByText('Swap confirmed')).toBeVisible({ timeout: 30_000 })
    const after = await readBalance({ chain, token: usdc.address, address: wallet.address })
    expect(after - before).toBe(123_450_000n)
  })

  test('USDT-style token: a new approval resets the old one to 0 first', async ({
    page,
    wallet,
    baseURL,
  }) => {
    if (baseURL === undefined) throw new Error('baseURL is not configured')
    const chain = firstChain(wallet)
    const { token, record } = await getChainSetup(baseURL, chain.id)
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
    const swap = await openConnected(page, `?chain=${chain.id}&from=USDT&to=USDC`)
    const before = await readBalance({ chain, token: usdc.address, address: wallet.address })

    await test.step('the approval starts with a reset to 0', async () => {
      await swap.payInput.fill('40')
      await swap.waitForQuotes()
      await expect(swap.card.getByText(/requires its current approval to be reset to 0/)).toBeVisible()
      const sentBefore = wallet.requests.filter((m) => m === 'eth_sendTransaction').length
      await swap.actionButton('Reset USDT approval to 0').click()
      await expect(swap.reviewButton).toBeVisible({ timeout: 30_000 })
      expect(wallet.requests.filter((m) => m === 'eth_sendTransaction').length - sentBefore).toBe(2)
      expect(
        await readAllowance({
          chain,
          token: usdt.address,
          owner: wallet.address,
          spender: record.aggregator,
        }),
      ).toBe(40_000_000n)
    })

    await test.step('the swap goes through', async () => {
      await swap.reviewButton.click()
      const [best] = quotes.last()
      if (best === undefined) throw new Error('no best quote')
      await swap.confirmButton.click()
      await expect(swap.reviewDialog.getByText('Swap confirmed')).toBeVisible({ timeout: 30_000 })
      const after = await readBalance({ chain, token: usdc.address, address: wallet.address })
      expect(after - before).toBe(BigInt(best.toTokenAmount))
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

  test('keyboard and accessibility: token dialog, settings and review pass axe', async ({ page, wallet }) => {
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
      await search.fill('usd')
      await page.keyboard.press('ArrowDown')
      await expect(swap.tokenDialog.getByRole('option', { selected: true })).toHaveAccessibleName(/^USDT/)
      await page.keyboard.press('Enter')
      await expect(swap.tokenDialog).toBeHidden()
      await expect(swap.receiveTokenButton).toHaveAccessibleName('You receive: USDT, change token')
      await swap.payTokenButton.click()
      await page.keyboard.press('Escape')
      await expect(swap.tokenDialog).toBeHidden()
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
      await page.keyboard.press('Escape')
    })

    await test.step('review screen', async () => {
      await swap.payInput.fill('0.01')
      await swap.waitForQuotes()
      await swap.reviewButton.click()
      await expect(swap.confirmButton).toBeVisible()
      await expectNoSeriousViolations(page, 'dialog[open]')
    })
  })
})
