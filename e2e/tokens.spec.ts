import { getAddress } from 'viem'
import { sortTokensByHoldings } from '../web/features/swap/model/sortTokensByHoldings'
import type { TokenRecord } from '../web/lib/api'
import { readBalance } from './fixtures/chainHelpers'
import { expectNoSeriousViolations } from './fixtures/expectNoSeriousViolations'
import { getFirstChainSetup, openConnected } from './fixtures/session'
import { expect, test } from './fixtures/wallet'
import type { SwapPage } from './pages/SwapPage'

/** The symbols of the token dialog's options, in order, from the accessibility tree. */
async function optionSymbols(swap: SwapPage): Promise<string[]> {
  const snapshot = await swap.tokenDialog.getByRole('listbox', { name: 'Tokens' }).ariaSnapshot()
  return [...snapshot.matchAll(/- option "([^" ]+)/g)].map((match) => match[1] ?? '')
}

test.describe('token dialog', () => {
  test('the default list shows balances and USD values, held tokens first', async ({
    page,
    wallet,
    baseURL,
  }) => {
    const { chain, tokens } = await getFirstChainSetup(wallet, baseURL)
    const swap = await openConnected(page, `?chain=${chain.id}&from=ETH`)
    const balances = new Map(
      await Promise.all(
        tokens.map(
          async (token) =>
            [
              token.address.toLowerCase(),
              await readBalance({ chain, token: token.address, address: wallet.address }),
            ] as const,
        ),
      ),
    )
    const expected = sortTokensByHoldings({ tokens, balances }).map((token) => token.symbol)
    expect([...balances.values()].some((amount) => amount > 0n)).toBe(true)

    await swap.receiveTokenButton.click()
    await expect(swap.tokenDialog).toBeVisible()
    await expect.poll(() => optionSymbols(swap)).toEqual(expected)
    await expect(swap.tokenOptions.first()).toHaveAccessibleName(/\$[\d,]+\.\d{2}$/)
    await expectNoSeriousViolations(page, 'dialog[open]')
  })

  test('search by symbol and by pasted address; an address that is no token is not supported', async ({
    page,
    wallet,
    baseURL,
  }) => {
    const { chain, token, record } = await getFirstChainSetup(wallet, baseURL)
    const swap = await openConnected(page, `?chain=${chain.id}&from=ETH`)

    await test.step('a symbol prefix is searched on the server', async () => {
      const request = page.waitForRequest((r) => {
        const url = new URL(r.url())
        return url.pathname === '/trade/v1/info/token/search' && url.searchParams.get('query') === 'lin'
      })
      await swap.searchToken('receive', 'lin')
      const url = new URL((await request).url())
      expect(url.searchParams.get('chainId')).toBe(String(chain.id))
      await swap.tokenOption('LINK').click()
      await expect(swap.receiveTokenButton).toHaveAccessibleName('You receive: LINK, change token')
    })

    await test.step('a pasted listed address finds exactly that token', async () => {
      const usdc = token('USDC')
      await swap.searchToken('receive', usdc.address.toLowerCase())
      await expect(swap.tokenOptions).toHaveCount(1)
      await expect(swap.tokenOption('USDC')).toBeVisible()
      await swap.tokenOption('USDC').click()
      await expect(swap.receiveTokenButton).toHaveAccessibleName('You receive: USDC, change token')
    })

    await test.step('a pasted contract that is no token is reported as not supported', async () => {
      const unlisted = getAddress(record.aggregator)
      const answer = page.waitForResponse((r) => r.url().includes(`/trade/v1/info/token/${chain.id}/`))
      await swap.searchToken('receive', unlisted)
      const response = await answer
      expect(response.status()).toBe(404)
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('TOKEN_NOT_FOUND')
      await expect(swap.tokenDialog.getByRole('status')).toContainText(`Not supported on ${chain.name}`)
      await expect(swap.tokenOptions).toHaveCount(0)
      await expectNoSeriousViolations(page, 'dialog[open]')
      await page.keyboard.press('Escape')
      await expect(swap.receiveTokenButton).toHaveAccessibleName('You receive: USDC, change token')
    })
  })

  test('a fee-on-transfer token shows its warning', async ({ page, wallet, baseURL }) => {
    const { chain, tokens } = await getFirstChainSetup(wallet, baseURL)
    const taxed = tokens.find((t: TokenRecord) => t.transferFeeBps > 0)
    if (taxed === undefined) throw new Error(`no fee-on-transfer token on chain ${chain.id}`)
    const feeText = `${taxed.transferFeeBps / 100}%`
    const swap = await openConnected(page, `?chain=${chain.id}&from=ETH&to=USDC`)

    await test.step('the dialog flags it', async () => {
      await swap.searchToken('receive', taxed.symbol)
      await expect(swap.tokenOption(taxed.symbol)).toContainText(`Fee on transfer ${feeText}`)
      await expect(swap.tokenOption('USDC')).toHaveCount(0)
    })

    await test.step('choosing it shows the warning in the swap card', async () => {
      await swap.tokenOption(taxed.symbol).click()
      await expect(swap.card.getByRole('note')).toHaveText(
        new RegExp(
          `^${taxed.symbol} is a fee-on-transfer token \\(${feeText.replace('.', '\\.')} per transfer\\)`,
        ),
      )
      await swap.payInput.fill('0.01')
      await swap.waitForQuotes()
      await expectNoSeriousViolations(page, 'section[aria-labelledby="swap-heading"]')
    })
  })
})
