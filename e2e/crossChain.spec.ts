import bitcore from 'bitcore-lib'
import { describeOfferTime } from '../web/features/cross/model/labelOffers'
import { chainOf, readBalance } from './fixtures/chainHelpers'
import { expectNoSeriousViolations } from './fixtures/expectNoSeriousViolations'
import { getFirstChainSetup } from './fixtures/session'
import { expect, test } from './fixtures/wallet'
import { readCrossQuotes } from './readCrossQuotes'

const BTC = -3980891822
const zero = '0x0000000000000000000000000000000000000000'

interface CrossQuoteAnswer {
  dstTrade: { toTokenAmount: string }
  providerInfo: { name: string }
  processingTime: number
}

test.describe('cross-chain through the liquidity network', () => {
  // the network reads an EVM deposit only once its block is final (6 s on the devnet), then pays out in BTC
  test.setTimeout(120_000)
  test('ETH on Ethereum to BTC: the offer, one transaction from the wallet, followed until delivered', async ({
    cross,
    app,
    page,
    wallet,
    baseURL,
  }) => {
    const { chain } = await getFirstChainSetup(wallet, baseURL)
    const receiver = new bitcore.PrivateKey('22'.repeat(32), bitcore.Networks.regtest)
      .toAddress(bitcore.Networks.regtest, 'witnesspubkeyhash')
      .toString()
    const quotes: CrossQuoteAnswer[][] = []
    page.on('response', async (response) => {
      if (response.url().includes('/quote/cross') && response.ok())
        quotes.push(await readCrossQuotes<CrossQuoteAnswer>(response))
    })
    await page.goto(`/?chain=${chain.id}&toChain=${BTC}`)
    const card = page.getByRole('region', { name: 'Cross-chain swap' })
    await expect(card.getByRole('heading', { name: 'Ethereum to Bitcoin' })).toBeVisible()
    await app.connect('E2E Wallet')

    await test.step('the network quotes; the amount shown is its quote to the satoshi', async () => {
      await card.getByLabel('You pay on Ethereum').fill('0.5')
      await card.getByLabel('Receiver on Bitcoin').fill(receiver)
      const offer = card.getByRole('radio', { name: /THORChain/ })
      await expect(offer).toBeChecked()
      const [best] = quotes.at(-1) ?? []
      expect(best?.providerInfo.name).toBe('THORChain')
      const sats = BigInt(best?.dstTrade.toTokenAmount ?? '0')
      expect(sats).toBeGreaterThan(0n)
      const shown = `${sats / 100_000_000n}.${(sats % 100_000_000n).toString().padStart(8, '0')}`.replace(
        /0+$/,
        '',
      )
      await expect(card.getByLabel('Amount received')).toHaveText(
        new Intl.NumberFormat('en-US', { maximumFractionDigits: 6, roundingMode: 'trunc' }).format(
          shown as Intl.StringNumericLiteral,
        ),
      )
      await expectNoSeriousViolations(page, 'section[aria-label="Cross-chain swap"]')
    })

    const before = await readBalance({ chain, token: zero, address: wallet.address })
    await test.step('one transaction from the wallet; the progress view follows it until delivered', async () => {
      const [best] = quotes.at(-1) ?? []
      await cross.review('Confirm swap')
      await expect(card.getByRole('status').filter({ hasText: 'Delivered' })).toBeVisible({ timeout: 90_000 })
      await expect(card.getByTestId('cross-received')).toHaveAttribute(
        'data-amount',
        best?.dstTrade.toTokenAmount ?? '',
      )
    })
    const after = await readBalance({ chain, token: zero, address: wallet.address })
    expect(before - after).toBeGreaterThanOrEqual(500_000_000_000_000_000n)
  })
})

test.describe('cross-chain through Stargate', () => {
  test('ETH on Ethereum to ETH on Arbitrum: the offer, one transaction, delivered to the wei of the quote', async ({
    cross,
    app,
    page,
    wallet,
  }) => {
    const arbitrum = chainOf(wallet, 42161)
    const quotes: CrossQuoteAnswer[][] = []
    page.on('response', async (response) => {
      if (response.url().includes('/quote/cross') && response.ok())
        quotes.push(await readCrossQuotes<CrossQuoteAnswer>(response))
    })
    await page.goto('/?chain=1&toChain=42161')
    const card = page.getByRole('region', { name: 'Cross-chain swap' })
    await expect(card.getByRole('heading', { name: 'Ethereum to Arbitrum One' })).toBeVisible()
    await app.connect('E2E Wallet')
    await card.getByLabel('You pay on Ethereum').fill('0.3')
    await card
      .getByRole('radio', { name: /Stargate/ })
      .first()
      .check()
    const before = await readBalance({ chain: arbitrum, token: zero, address: wallet.address })
    const taken = (quotes.at(-1) ?? []).find((q) => q.providerInfo.name === 'Stargate')
    await cross.review('Confirm swap')
    // in flight, the time so far beside the offer's estimate; once delivered, how long it took
    const timer = card.getByRole('timer', { name: 'Time' })
    await expect(timer).toHaveText(
      new RegExp(`^Elapsed \\d+:\\d\\d · usually ${describeOfferTime(taken?.processingTime ?? -1)}$`),
    )
    await expect(card.getByRole('status').filter({ hasText: 'Delivered' })).toBeVisible({ timeout: 90_000 })
    await expect(timer).toHaveText(/^Took \d+:\d\d$/)
    const after = await readBalance({ chain: arbitrum, token: zero, address: wallet.address })
    expect(after - before).toBe(BigInt(taken?.dstTrade.toTokenAmount ?? '0'))
    // a cross-chain trade is delivered, not merely confirmed on its source chain
    const row = page
      .getByRole('list', { name: 'Recent swaps' })
      .getByRole('listitem')
      .filter({ hasText: 'Ethereum → Arbitrum One' })
      .first()
    await expect(row).toContainText('Delivered')
    await expect(row).not.toContainText('Confirmed')
  })
})

test.describe('cross-chain through Across', () => {
  test('ETH on Ethereum to ETH on Arbitrum: the intent offer, filled by the devnet filler to the wei of the quote', async ({
    cross,
    app,
    page,
    wallet,
  }) => {
    const arbitrum = chainOf(wallet, 42161)
    const quotes: CrossQuoteAnswer[][] = []
    page.on('response', async (response) => {
      if (response.url().includes('/quote/cross') && response.ok())
        quotes.push(await readCrossQuotes<CrossQuoteAnswer>(response))
    })
    await page.goto('/?chain=1&toChain=42161')
    const card = page.getByRole('region', { name: 'Cross-chain swap' })
    await app.connect('E2E Wallet')
    await card.getByLabel('You pay on Ethereum').fill('0.2')
    await card.getByRole('radio', { name: /Across/ }).check()
    const before = await readBalance({ chain: arbitrum, token: zero, address: wallet.address })
    // the radio shows once the page has the offer; the listener may still be reading that answer's stream
    const across = () => (quotes.at(-1) ?? []).find((q) => q.providerInfo.name === 'Across')
    await expect.poll(() => across() !== undefined).toBe(true)
    const taken = across()
    await cross.review('Confirm swap')
    await expect(card.getByRole('status').filter({ hasText: 'Delivered' })).toBeVisible({ timeout: 90_000 })
    const after = await readBalance({ chain: arbitrum, token: zero, address: wallet.address })
    expect(after - before).toBe(BigInt(taken?.dstTrade.toTokenAmount ?? '0'))
  })
})
