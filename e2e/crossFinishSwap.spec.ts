import {
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  getAddress,
  type Hex,
  http,
  type LocalAccount,
  maxUint256,
  parseAbi,
  parseUnits,
} from 'viem'
import { getDeployerAccount } from '../devnet/devAccounts'
import { formatTokenAmount } from '../web/lib/formatTokenAmount'
import {
  chainOf,
  getApiJson,
  getChainSetup,
  readBalance,
  recordQuotes,
  setAllowance,
} from './fixtures/chainHelpers'
import { expect, marketMoverAccount, test } from './fixtures/wallet'

/** Sends `data` to `to` from `account` and waits until it is mined successfully. */
async function sendFromNode(params: { chain: Chain; account: LocalAccount; to: Address; data: Hex }) {
  const publicClient = createPublicClient({ chain: params.chain, transport: http() })
  const walletClient = createWalletClient({ account: params.account, chain: params.chain, transport: http() })
  const hash = await walletClient.sendTransaction({ to: params.to, data: params.data })
  const receipt = await publicClient.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`the market move reverted (tx ${hash})`)
}

// The composer's fallback, as server/cross/stargateTrades.test.ts provokes it: the trade is quoted and its
// transaction prepared, then someone buys WETH with 60M USDC on Arbitrum before it is sent, so the swap on arrival
// cannot meet the quoted minimum and the receiver gets the bridged USDC instead.
test('delivered in USDC instead of WETH: the card says so exactly, and "Finish the swap" swaps exactly that USDC into WETH as quoted', async ({
  page,
  wallet,
  app,
  baseURL,
}) => {
  test.setTimeout(180_000)
  if (baseURL === undefined) throw new Error('baseURL is not configured')
  const arbitrum = chainOf(wallet, 42161)
  const arbitrumSetup = await getChainSetup(baseURL, 42161)
  const usdc = arbitrumSetup.token('USDC')
  const weth = arbitrumSetup.token('WETH')
  const card = page.getByRole('region', { name: 'Cross-chain swap' })
  const progress = card.getByRole('region', { name: 'Cross-chain progress' })
  const usdcBefore = await readBalance({ chain: arbitrum, token: usdc.address, address: wallet.address })

  await test.step('quote 2500 USDC on Ethereum to WETH on Arbitrum by Stargate, and open the review', async () => {
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
    await expect(
      page
        .getByRole('dialog', { name: 'Review cross-chain swap' })
        .getByRole('button', { name: /^(Confirm swap|Approve USDC and swap)$/ }),
    ).toBeEnabled({ timeout: 30_000 })
  })

  await test.step('someone buys WETH with 60M USDC on Arbitrum, then the trade is sent', async () => {
    const mover = marketMoverAccount()
    const pushed = parseUnits('60000000', 6)
    await sendFromNode({
      chain: arbitrum,
      account: getDeployerAccount(),
      to: usdc.address,
      data: encodeFunctionData({
        abi: parseAbi(['function mint(address to, uint256 amount)']),
        functionName: 'mint',
        args: [mover.address, pushed],
      }),
    })
    const search = new URLSearchParams({
      fromTokenAddress: usdc.address,
      toTokenAddress: weth.address,
      amount: pushed.toString(),
      slippage: '0.2',
      sender: mover.address,
      disableEstimate: 'true',
    })
    const whale = await getApiJson<{ to: string; data: Hex }>(
      baseURL,
      `/trade/v1/42161/swap/single?${search}`,
    )
    await sendFromNode({
      chain: arbitrum,
      account: mover,
      to: usdc.address,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [getAddress(whale.to), maxUint256],
      }),
    })
    await sendFromNode({ chain: arbitrum, account: mover, to: getAddress(whale.to), data: whale.data })
    await page
      .getByRole('dialog', { name: 'Review cross-chain swap' })
      .getByRole('button', { name: /^(Confirm swap|Approve USDC and swap)$/ })
      .click()
  })

  let received = 0n
  await test.step('delivered in USDC: said plainly, with exactly the amount received', async () => {
    await expect(progress.getByTestId('cross-other-token')).toBeVisible({ timeout: 120_000 })
    received = BigInt((await progress.getByTestId('cross-received').getAttribute('data-amount')) ?? '0')
    expect(received).toBeGreaterThan(0n)
    expect(
      (await readBalance({ chain: arbitrum, token: usdc.address, address: wallet.address })) - usdcBefore,
    ).toBe(received)
    const amount = formatTokenAmount({
      amount: received,
      decimals: 6,
      maximumFractionDigits: 6,
      locale: 'en-US',
    })
    await expect(progress.getByTestId('cross-other-token')).toHaveText(
      `Delivered ${amount} USDC on Arbitrum One instead of WETH: the swap on arrival could not meet its minimum`,
    )
    await expect(progress.getByRole('link')).toHaveText(['Finish the swap'])
  })

  await test.step('"Finish the swap": the swap card on Arbitrum, exactly that USDC into WETH, paid as quoted', async () => {
    // the approval is part of the swap flow: start from none
    await setAllowance({
      chain: arbitrum,
      account: wallet.account,
      token: usdc.address,
      spender: arbitrumSetup.record.aggregator,
      amount: 0n,
    })
    const finish = progress.getByRole('link', { name: 'Finish the swap' })
    await expect(finish).toHaveAttribute(
      'href',
      `/?receiver=${wallet.address}&chain=42161&from=${usdc.address}&to=${weth.address}&amount=${formatUnits(received, 6)}&side=in`,
    )
    const quotes = recordQuotes(page)
    await finish.click()
    const swap = page.getByRole('region', { name: /^Swap on / })
    await expect(swap.getByRole('textbox', { name: 'You pay' })).toHaveValue(formatUnits(received, 6))
    await expect(swap.getByTestId('swap-receiver-notice')).toHaveCount(0)
    const connect = page.getByRole('button', { name: 'Connect wallet', exact: true })
    if (await connect.isVisible()) await app.connect('E2E Wallet')
    const switchButton = swap.getByRole('button', { name: 'Switch wallet to Arbitrum One' })
    await expect(swap.getByRole('button', { name: /Review swap|Switch wallet to Arbitrum One/ })).toBeVisible(
      {
        timeout: 30_000,
      },
    )
    if (await switchButton.isVisible()) await switchButton.click()
    await expect(swap.getByText('Best after gas', { exact: true })).toBeVisible({ timeout: 30_000 })
    const wethBefore = await readBalance({ chain: arbitrum, token: weth.address, address: wallet.address })
    const usdcHeld = await readBalance({ chain: arbitrum, token: usdc.address, address: wallet.address })
    await swap.getByRole('button', { name: 'Review swap' }).click()
    const review = page.getByRole('dialog', { name: 'Review swap' })
    const [best] = quotes.last()
    if (best === undefined) throw new Error('no quote')
    expect(best.fromTokenAmount).toBe(received.toString())
    await review.getByRole('button', { name: 'Approve USDC and swap' }).click()
    await expect(review.getByText('Swap confirmed')).toBeVisible({ timeout: 30_000 })
    expect(
      (await readBalance({ chain: arbitrum, token: weth.address, address: wallet.address })) - wethBefore,
    ).toBe(BigInt(best.toTokenAmount))
    expect(
      usdcHeld - (await readBalance({ chain: arbitrum, token: usdc.address, address: wallet.address })),
    ).toBe(received)
  })
})
