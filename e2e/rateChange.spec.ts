import { parseEther, zeroAddress } from 'viem'
import type { SingleQuote } from '../web/features/swap/types'
import { formatTokenAmount } from '../web/lib/formatTokenAmount'
import { getApiJson, getChainSetup, readBalance, recordQuotes, tradeFromNode } from './fixtures/chainHelpers'
import { firstChain, openConnected } from './fixtures/session'
import { expect, marketMoverAccount, test } from './fixtures/wallet'

/** The best quote of the newest answer the page received. */
function bestOf(quotes: SingleQuote[]): SingleQuote {
  const [best] = quotes
  if (best === undefined) throw new Error('no best quote')
  return best
}

test('a rate change after review must be accepted, then the new quote is what is received', async ({
  page,
  wallet,
  baseURL,
}) => {
  if (baseURL === undefined) throw new Error('baseURL is not configured')
  const chain = firstChain(wallet)
  const { token } = await getChainSetup(baseURL, chain.id)
  const usdc = token('USDC')
  const usdcText = (amount: string | bigint) =>
    `${formatTokenAmount({ amount: BigInt(amount), decimals: usdc.decimals, locale: 'en-US', roundingMode: 'trunc' })} USDC`
  const quotes = recordQuotes(page)
  const swapBodies: unknown[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/swap/single'))
      swapBodies.push(request.postDataJSON())
  })
  const swap = await openConnected(page, `?chain=${chain.id}&from=ETH&to=USDC`)
  const before = await readBalance({ chain, token: usdc.address, address: wallet.address })

  let reviewed = 0n
  await test.step('quote 1 ETH and open the review', async () => {
    await swap.payInput.fill('1')
    await swap.waitForQuotes()
    await swap.reviewButton.click()
    reviewed = BigInt(bestOf(quotes.last()).toTokenAmount)
    await expect(swap.reviewValue('You receive')).toHaveText(`≈ ${usdcText(reviewed)}`)
    await expect(swap.rateChangeNotice).toHaveCount(0)
    await expect(swap.confirmButton).toBeEnabled()
  })

  await test.step('another account sells 200 ETH for USDC from Node, making ETH cheaper', async () => {
    await tradeFromNode({
      baseURL,
      chain,
      account: marketMoverAccount(),
      fromToken: zeroAddress,
      toToken: usdc.address,
      amount: parseEther('200'),
    })
    // the server's pool snapshot follows the chain per block; wait until it quotes the moved market
    const search = `fromTokenAddress=${zeroAddress}&toTokenAddress=${usdc.address}&amount=${parseEther('1')}`
    await expect
      .poll(async () => {
        const answer = await getApiJson<SingleQuote[]>(
          baseURL,
          `/trade/v1/${chain.id}/quote/single?${search}`,
        )
        return BigInt(bestOf(answer).toTokenAmount) < reviewed
      })
      .toBe(true)
  })

  let renewed = 0n
  await test.step('the timed refresh shows the new amount and blocks Confirm', async () => {
    // quotes refresh every 15 s; the card's refresh button is inert behind the modal review
    await expect(swap.rateChangeNotice).toBeVisible({ timeout: 20_000 })
    await expect.poll(() => BigInt(bestOf(quotes.last()).toTokenAmount)).toBeLessThan(reviewed)
    renewed = BigInt(bestOf(quotes.last()).toTokenAmount)
    await expect(swap.rateChangeNotice).toContainText(`You now receive ≈ ${usdcText(renewed)}.`)
    await expect(swap.reviewValue('You receive')).toHaveText(`≈ ${usdcText(reviewed)}`)
    await expect(swap.confirmButton).toBeDisabled({ timeout: 2_000 })
    // the block must come from the rate change alone: the reviewed quote has not expired
    await expect(swap.quoteExpiredNotice).toHaveCount(0, { timeout: 0 })
    await swap.confirmButton.click({ force: true })
    await expect(swap.rateChangeNotice).toBeVisible()
    expect(wallet.requests).not.toContain('eth_sendTransaction')
    expect(swapBodies).toHaveLength(0)
  })

  let minimum = 0n
  await test.step('accepting the new rate puts its terms under review and enables Confirm', async () => {
    await swap.acceptNewRateButton.click()
    await expect(swap.rateChangeNotice).toHaveCount(0)
    const best = bestOf(quotes.last())
    expect(BigInt(best.toTokenAmount)).toBe(renewed)
    minimum = (renewed * BigInt(10_000 - Math.round(best.recommendedSlippage * 100))) / 10_000n
    await expect(swap.reviewValue('You receive')).toHaveText(`≈ ${usdcText(renewed)}`)
    await expect(swap.reviewValue('Minimum received')).toHaveText(usdcText(minimum))
    await expect(swap.confirmButton).toBeEnabled()
  })

  await test.step('confirm: exactly the new quote is received', async () => {
    await swap.confirm()
    const body = swapBodies.at(-1) as { transactionData: { info: { amountOutMin: string } } }
    expect(body.transactionData.info.amountOutMin).toBe(minimum.toString())
    const after = await readBalance({ chain, token: usdc.address, address: wallet.address })
    expect(after - before).toBe(renewed)
  })
})
