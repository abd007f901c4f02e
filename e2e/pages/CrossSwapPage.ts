import { expect, type Locator, type Page } from '@playwright/test'
import { readCrossQuotes } from '../readCrossQuotes'
import { DevnetWalletPanel } from './DevnetWalletPanel'

/** The fields of a `/quote/cross` answer the specs read. */
interface CrossQuoteAnswer {
  dstTrade: { toTokenAmount: string }
  providerInfo: { name: string }
  transactionData: { expected_amount_out?: string }
}

/** The fields of a `POST /swap/cross` answer (a deposit) the specs read. */
interface CrossSwapAnswer {
  data: {
    params: { recipient: string; amount: { amount: string }; memo: string }[]
    memoless?: { reference: string; memo: string }
  }
  amountOut: string
}

/** The cross-chain swap card of a liquidity-network trade paid from the built-in devnet wallet. */
export class CrossSwapPage {
  readonly card: Locator
  readonly devnetWallet: DevnetWalletPanel
  /** Every successful `/quote/cross` answer (its quotes, best first) the page received, in order. */
  readonly quotes: CrossQuoteAnswer[][] = []
  /** Every successful `POST /swap/cross` answer the page received, in order. */
  readonly swaps: CrossSwapAnswer[] = []

  constructor(readonly page: Page) {
    this.card = page.getByRole('region', { name: 'Cross-chain swap' })
    this.devnetWallet = new DevnetWalletPanel(this.card)
    page.on('response', async (response) => {
      if (response.url().includes('/quote/cross') && response.ok())
        this.quotes.push(await readCrossQuotes<CrossQuoteAnswer>(response))
      if (response.url().includes('/swap/cross') && response.request().method() === 'POST' && response.ok())
        this.swaps.push((await response.json()) as CrossSwapAnswer)
    })
  }

  /** Opens the app on the pair and waits for the card's `from to to` heading. */
  async goto(params: { chainId: number; toChainId: number; heading: string }): Promise<void> {
    await this.page.goto(`/?chain=${params.chainId}&toChain=${params.toChainId}`)
    await expect(this.card.getByRole('heading', { name: params.heading })).toBeVisible()
  }

  /** The devnet wallet's address, the placeholder of the refund field (`chainName`), checked against `pattern`. */
  async walletAddress(chainName: string, pattern: RegExp): Promise<string> {
    const refund = this.card.getByLabel(`Your ${chainName} address (refunds)`)
    await expect(refund).toHaveAttribute('placeholder', pattern)
    return (await refund.getAttribute('placeholder')) ?? ''
  }

  /**
   * Types the amount and receiver, checks that THORChain's quote is chosen and that the card shows its output
   * (THORNode's 1e8 units scaled to the 18 decimals of ETH, truncated to 6 digits); returns it in wei.
   */
  async quoteNetwork(params: {
    from: string
    to: string
    amount: string
    receiver: string
  }): Promise<bigint> {
    await this.card.getByLabel(`You pay on ${params.from}`).fill(params.amount)
    await this.card.getByLabel(`Receiver on ${params.to}`).fill(params.receiver)
    await expect(this.card.getByRole('radio', { name: /THORChain/ })).toBeChecked()
    const [best] = this.quotes.at(-1) ?? []
    expect(best?.providerInfo.name).toBe('THORChain')
    const quoted = BigInt(best?.dstTrade.toTokenAmount ?? '0')
    expect(quoted).toBe(BigInt(best?.transactionData.expected_amount_out ?? '-1') * 10n ** 10n)
    expect(quoted).toBeGreaterThan(0n)
    const whole = quoted / 10n ** 18n
    const fraction = (quoted % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '')
    await expect(this.card.getByLabel('Amount received')).toHaveText(
      new Intl.NumberFormat('en-US', { maximumFractionDigits: 6, roundingMode: 'trunc' }).format(
        `${whole}.${fraction || '0'}` as Intl.StringNumericLiteral,
      ),
    )
    return quoted
  }

  /** Opens the review and takes its `action` (its button: 'Confirm swap', 'Get deposit address'...). */
  async review(action: string): Promise<void> {
    await this.card.getByRole('button', { name: 'Review swap' }).click()
    await this.page
      .getByRole('dialog', { name: 'Review cross-chain swap' })
      .getByRole('button', { name: action })
      .click()
  }

  /** Opens the deposit view (the deposit address and the devnet wallet) through the review. */
  async openDeposit(): Promise<void> {
    await this.review('Get deposit address')
  }

  /** Pays with the devnet wallet and waits until the card reports `received` (wei) delivered. */
  async payAndAwaitDelivery(params: { received: bigint; timeoutMs: number }): Promise<void> {
    await this.devnetWallet.payButton.click()
    await expect(this.card.getByRole('status').filter({ hasText: 'Delivered' })).toBeVisible({
      timeout: params.timeoutMs,
    })
    await expect(this.card.getByTestId('cross-received')).toHaveAttribute(
      'data-amount',
      params.received.toString(),
    )
  }
}
