import { decodeFunctionData, encodeFunctionData, type Hex } from 'viem'
import { stargateEntryAbi } from '../contracts/artifacts'
import { encodeExecutorOptions } from '../server/providers/stargate/encodeExecutorOptions'
import { chainOf, getChainSetup, readBalance } from './fixtures/chainHelpers'
import { expect, test } from './fixtures/wallet'

/** The `swap/cross` answer's fields this spec reads or rewrites. */
interface SwapAnswer {
  data: Hex
  amountOut: string
}

/** Far below what the composer needs for a destination swap: the executor runs the compose out of gas. */
const starvedComposeGas = 60_000n

// A compose that ran out of gas, as server/cross/stargateComposeRetry.test.ts provokes it: the sent transaction
// asks the executor for too little compose gas (the page's swap/cross answer is rewritten, before the wallet signs
// it), so the compose reverts on Arbitrum and stays queued on the endpoint with the bridged USDC at the composer.
test('the destination swap ran out of gas: the card says the delivery needs a retry, and "Retry delivery" from the wallet pays exactly the quoted WETH', async ({
  page,
  wallet,
  app,
  baseURL,
}) => {
  test.setTimeout(180_000)
  if (baseURL === undefined) throw new Error('baseURL is not configured')
  const arbitrum = chainOf(wallet, 42161)
  const weth = (await getChainSetup(baseURL, 42161)).token('WETH')
  const card = page.getByRole('region', { name: 'Cross-chain swap' })
  const progress = card.getByRole('region', { name: 'Cross-chain progress' })
  let quotedOut: bigint | undefined

  await test.step('quote 2500 USDC on Ethereum to WETH on Arbitrum by Stargate; its compose asks for 60,000 gas', async () => {
    await page.route('**/trade/v1/*/swap/cross', async (route) => {
      const response = await route.fetch()
      const answer = (await response.json()) as SwapAnswer
      const call = decodeFunctionData({ abi: stargateEntryAbi, data: answer.data })
      if (call.functionName !== 'swapAndSend') throw new Error(`unexpected ${call.functionName}`)
      const [send, steps, destination] = call.args
      answer.data = encodeFunctionData({
        abi: stargateEntryAbi,
        functionName: 'swapAndSend',
        args: [
          {
            ...send,
            extraOptions: encodeExecutorOptions({ lzCompose: [{ index: 0, gas: starvedComposeGas }] }),
          },
          steps,
          destination,
        ],
      })
      quotedOut = BigInt(answer.amountOut)
      await route.fulfill({ response, json: answer })
    })
    await page.goto('/?chain=1&toChain=42161')
    await expect(card.getByRole('heading', { name: 'Ethereum to Arbitrum One' })).toBeVisible()
    await app.connect('E2E Wallet')
    for (const [side, symbol] of [
      ['You pay', 'USDC'],
      ['You receive', 'WETH'],
    ] as const) {
      await card.getByRole('button', { name: new RegExp(`^${side}: .*, change token$`) }).click()
      await page
        .getByRole('dialog', { name: side, exact: true })
        .getByRole('option', { name: new RegExp(`^${symbol}\\b`) })
        .first()
        .click()
    }
    await card.getByLabel('You pay on Ethereum').fill('2500')
    await card
      .getByRole('radio', { name: /Stargate/ })
      .first()
      .check()
    await card.getByRole('button', { name: 'Review swap' }).click()
    const confirm = page
      .getByRole('dialog', { name: 'Review cross-chain swap' })
      .getByRole('button', { name: /^(Confirm swap|Approve USDC and swap)$/ })
    await expect(confirm).toBeEnabled({ timeout: 30_000 })
    await confirm.click()
  })

  const wethBefore = await readBalance({ chain: arbitrum, token: weth.address, address: wallet.address })
  await test.step('the compose fails on Arbitrum: the trade needs action, nothing arrived', async () => {
    await expect(progress.getByRole('status')).toHaveText(
      'Delivery failed on the destination chain: it needs a retry',
      { timeout: 120_000 },
    )
    await expect(progress.getByRole('listitem')).toHaveText(['Sent', 'In flight', 'Arrived'])
    await expect(progress.getByText(/Retry delivery sends it again from your wallet/)).toBeVisible()
    expect(await readBalance({ chain: arbitrum, token: weth.address, address: wallet.address })).toBe(
      wethBefore,
    )
  })

  await test.step('"Retry delivery" sends it from the wallet: delivered, exactly the quoted WETH', async () => {
    await progress.getByRole('button', { name: 'Retry delivery' }).click()
    await expect(progress.getByRole('status')).toHaveText('Delivered', { timeout: 60_000 })
    if (quotedOut === undefined) throw new Error('the swap/cross answer was not seen')
    await expect(progress.getByTestId('cross-received')).toHaveAttribute('data-amount', quotedOut.toString())
    expect(
      (await readBalance({ chain: arbitrum, token: weth.address, address: wallet.address })) - wethBefore,
    ).toBe(quotedOut)
    await expect(progress.getByRole('button', { name: 'Retry delivery' })).toHaveCount(0)
  })
})
