import type { Page } from '@playwright/test'
import type { GaslessEstimate } from '../web/features/gasless/api/fetchGaslessEstimate'
import { formatAmountForInput } from '../web/lib/formatAmountForInput'
import { formatTokenAmount } from '../web/lib/formatTokenAmount'
import { formatUsd } from '../web/lib/formatUsd'
import { recordQuotes } from './fixtures/chainHelpers'
import { expectNoSeriousViolations } from './fixtures/expectNoSeriousViolations'
import { getFirstChainSetup, openConnected } from './fixtures/session'
import { expect, test } from './fixtures/wallet'

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

test('gasless: "You receive" is net of the relayer fee, and both options’ net are compared', async ({
  page,
  wallet,
  baseURL,
}) => {
  const { chain, token } = await getFirstChainSetup(wallet, baseURL)
  const [usdc, dai] = [token('USDC'), token('DAI')]
  const quotes = recordQuotes(page)
  const estimates = recordEstimates(page)
  const swap = await openConnected(page, `?chain=${chain.id}&from=${usdc.symbol}&to=${dai.symbol}`)
  await swap.payInput.fill('25')
  await swap.waitForQuotes()
  const [gasPaid] = quotes.last()
  if (gasPaid === undefined) throw new Error('no quote')
  await expect(swap.receiveInput).toHaveValue(
    formatAmountForInput({ amount: BigInt(gasPaid.toTokenAmount), decimals: dai.decimals }),
  )

  await swap.card.getByRole('switch', { name: /^Gasless/ }).check()
  await expect.poll(() => estimates.length).toBeGreaterThan(0)
  const compared = swap.card.getByRole('table', { name: 'Gas-paid and gasless compared' })
  await expect(compared).toBeVisible()

  await test.step('"You receive" shows the gasless output, the relayer fee taken out', async () => {
    const estimate = estimates.at(-1)
    if (estimate === undefined) throw new Error('no estimate')
    expect(BigInt(estimate.amountOut)).toBeLessThan(BigInt(gasPaid.toTokenAmount))
    await expect(swap.receiveInput).toHaveValue(
      formatAmountForInput({ amount: BigInt(estimate.amountOut), decimals: dai.decimals }),
    )
  })

  await test.step('both options: what each delivers, what it costs, its net in USD', async () => {
    const estimate = estimates.at(-1)
    const [quote] = quotes.last()
    if (
      estimate === undefined ||
      quote === undefined ||
      quote.amountOutUsd === null ||
      quote.gasCostUsd === null
    )
      throw new Error('no priced quote or estimate')
    const amount = (value: string, decimals: number, roundingMode: 'trunc' | 'ceil') =>
      formatTokenAmount({ amount: BigInt(value), decimals, locale: 'en-US', roundingMode })
    const gasPaidNet = quote.amountOutUsd - quote.gasCostUsd
    const gaslessNet = quote.amountOutUsd * (Number(estimate.amountOut) / Number(quote.toTokenAmount))
    const usd = (value: number) => formatUsd({ value, locale: 'en-US' }) ?? ''
    const gasRow = compared.getByRole('row', { name: /^Pay gas/ })
    const gaslessRow = compared.getByRole('row', { name: /^Gasless/ })
    await expect(gasRow.getByRole('cell').first()).toHaveText(
      `${amount(quote.toTokenAmount, dai.decimals, 'trunc')} ${dai.symbol}${usd(quote.gasCostUsd)} network fee`,
    )
    await expect(gasRow.getByRole('cell').last()).toHaveText(usd(gasPaidNet))
    await expect(gaslessRow.getByRole('cell').first()).toHaveText(
      `${amount(estimate.amountOut, dai.decimals, 'trunc')} ${dai.symbol}${amount(estimate.fee, usdc.decimals, 'ceil')} ${usdc.symbol} relayer fee, included`,
    )
    await expect(gaslessRow.getByRole('cell').last()).toHaveText(usd(gaslessNet))
    await expect(swap.card.getByText(/leaves you \$[\d.,]+ more\.$/)).toHaveText(
      gaslessNet >= gasPaidNet
        ? `Gasless leaves you ${usd(gaslessNet - gasPaidNet)} more.`
        : `Paying gas leaves you ${usd(gasPaidNet - gaslessNet)} more.`,
    )
    await expectNoSeriousViolations(page, 'section[aria-labelledby="swap-heading"]')
  })

  await test.step('gasless off: the gas-paid amount again, no comparison', async () => {
    await swap.card.getByRole('switch', { name: /^Gasless/ }).uncheck()
    await expect(compared).toHaveCount(0)
    const [quote] = quotes.last()
    await expect(swap.receiveInput).toHaveValue(
      formatAmountForInput({ amount: BigInt(quote?.toTokenAmount ?? '0'), decimals: dai.decimals }),
    )
  })
})
