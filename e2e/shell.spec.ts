import AxeBuilder from '@axe-core/playwright'
import {
  type Address,
  type Chain,
  createPublicClient,
  erc20Abi,
  getAddress,
  http,
  isAddressEqual,
  zeroAddress,
} from 'viem'
import type { TokenRecord } from '../web/lib/api'
import { formatTokenAmount } from '../web/lib/formatTokenAmount'
import { expect, test } from './fixtures/wallet'
import type { AppPage } from './pages/AppPage'

/** Reads, through the devnet chain's RPC, every popular token balance of `address` on `chain`. */
async function readOnChainBalances(params: { address: Address; chain: Chain; baseURL: string }) {
  const { address, chain, baseURL } = params
  const response = await fetch(new URL(`/v1/info/token/popular?chainId=${chain.id}`, baseURL))
  const tokens = ((await response.json()) as TokenRecord[]).map((t) => ({
    ...t,
    address: getAddress(t.address),
  }))
  const client = createPublicClient({ chain, transport: http() })
  return Promise.all(
    tokens.map(async (token) => ({
      token,
      amount: isAddressEqual(token.address, zeroAddress)
        ? await client.getBalance({ address })
        : await client.readContract({
            address: token.address,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [address],
          }),
    })),
  )
}

/** Asserts the balances table of `chain` shows exactly what the chain holds for `address`, formatted. */
async function expectBalancesShown(params: {
  app: AppPage
  address: Address
  chain: Chain
  baseURL: string
}) {
  const balances = await readOnChainBalances(params)
  expect(balances.length).toBeGreaterThan(1)
  expect(balances.some((b) => b.amount > 0n)).toBe(true)
  for (const { token, amount } of balances)
    await expect(params.app.balanceCell(params.chain.name, token.symbol)).toHaveText(
      formatTokenAmount({ amount, decimals: token.decimals, locale: 'en-US' }),
    )
}

test.describe('app shell', () => {
  test('connects the injected wallet, shows funded balances and follows a chain switch', async ({
    app,
    page,
    wallet,
    baseURL,
  }) => {
    if (baseURL === undefined) throw new Error('baseURL is not configured')
    const origin = new URL(baseURL).origin
    const foreignRequests: string[] = []
    const faucetCalls: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.protocol !== 'data:' && url.origin !== origin) foreignRequests.push(request.url())
      if (url.pathname === '/devnet/faucet') faucetCalls.push(request.url())
    })
    const [first, second] = wallet.chains
    if (first === undefined || second === undefined) throw new Error('the devnet needs at least two chains')

    await test.step('open the app', async () => {
      await app.goto()
      await expect(app.networkSelect).toHaveValue(String(first.id))
      await expect(page.getByText('Connect a wallet to see your balances.')).toBeVisible()
    })

    await test.step('connect through RainbowKit choosing the E2E wallet', async () => {
      await app.connect('E2E Wallet')
      await expect(app.accountText(wallet.address)).toBeVisible()
      expect(wallet.requests).toContain('eth_requestAccounts')
    })

    await test.step(`see the exact on-chain balances on ${first.name}`, async () => {
      await expect(app.balancesTable(first.name)).toBeVisible()
      await expectBalancesShown({ app, address: wallet.address, chain: first, baseURL })
    })

    await test.step(`switch to ${second.name} and see its balances`, async () => {
      await app.selectNetwork(second.name)
      await expect.poll(() => wallet.getChainId()).toBe(second.id)
      await expect(app.balancesTable(second.name)).toBeVisible()
      await expectBalancesShown({ app, address: wallet.address, chain: second, baseURL })
    })

    await test.step('pass an axe accessibility scan', async () => {
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
      expect(
        results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([])
    })

    await test.step('make no request to any other host', async () => {
      expect(foreignRequests).toEqual([])
      expect(faucetCalls).toEqual([])
    })
  })

  test('a rejected chain switch is shown plainly and leaves the wallet where it was', async ({
    app,
    page,
    wallet,
  }) => {
    const [first, second] = wallet.chains
    if (first === undefined || second === undefined) throw new Error('the devnet needs at least two chains')
    await app.goto()
    await app.connect('E2E Wallet')
    await expect(app.accountText(wallet.address)).toBeVisible()

    await test.step('reject the switch in the wallet', async () => {
      wallet.rejectNextRequest()
      await app.selectNetwork(second.name)
      await expect(
        page.getByRole('status').filter({ hasText: 'Request rejected in the wallet.' }),
      ).toBeVisible()
      expect(wallet.getChainId()).toBe(first.id)
    })
  })

  test('the built-in devnet wallet is created, funded by the faucet and shows its balances', async ({
    app,
    page,
    wallet,
    baseURL,
  }) => {
    if (baseURL === undefined) throw new Error('baseURL is not configured')
    const [first] = wallet.chains
    if (first === undefined) throw new Error('the devnet has no chain')
    await app.goto()
    await app.connect('Devnet wallet')
    const accountText = page.getByText(/^0x[0-9a-fA-F]{40}$/)
    await expect(accountText).toBeVisible()
    const address = getAddress((await accountText.textContent()) ?? '')
    expect(isAddressEqual(address, wallet.address)).toBe(false)
    await expectBalancesShown({ app, address, chain: first, baseURL })
  })

  test('on a 375 px phone the header keeps its controls clear of each other, the network pickers wide enough, and nothing overflows', async ({
    app,
    page,
    wallet,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await app.goto()
    await app.connect('E2E Wallet')
    const account = page.getByRole('banner').getByRole('button', { name: /^0x/ })
    await expect(account).toBeVisible()
    const [selectBox, accountBox] = await Promise.all([
      app.networkSelect.boundingBox(),
      account.boundingBox(),
    ])
    if (selectBox === null || accountBox === null) throw new Error('header controls not laid out')
    // the network pickers take the row under the wallet (a source and a destination do not fit beside it)
    expect(selectBox.y).toBeGreaterThanOrEqual(accountBox.y + accountBox.height)
    expect(accountBox.x + accountBox.width).toBeLessThanOrEqual(375)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375)
    await expect(page.getByRole('link', { name: 'Tributary' })).toBeVisible()
    // the page links overlap no control and keep a usable network picker beside them
    const nav = page.getByRole('navigation', { name: 'Main' })
    for (const name of ['Swap', 'History']) {
      const box = await nav.getByRole('link', { name }).boundingBox()
      if (box === null) throw new Error(`${name} link not laid out`)
      const overlaps = (other: typeof box) =>
        box.x < other.x + other.width &&
        other.x < box.x + box.width &&
        box.y < other.y + other.height &&
        other.y < box.y + box.height
      expect(overlaps(selectBox) || overlaps(accountBox)).toBe(false)
      expect(box.x + box.width).toBeLessThanOrEqual(375)
    }
    expect(selectBox.width).toBeGreaterThanOrEqual(100)
    expect(wallet.requests).toContain('eth_requestAccounts')
  })

  test('the theme toggle cycles system, light and dark; the dark theme passes axe', async ({ app, page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await app.goto()
    const html = page.locator('html')
    await expect(html).toHaveAttribute('data-theme', 'dark')
    await app.themeToggle.click()
    await expect(html).toHaveAttribute('data-theme', 'light')
    await app.themeToggle.click()
    await expect(html).toHaveAttribute('data-theme', 'dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await app.themeToggle.click()
    await expect(html).toHaveAttribute('data-theme', 'light')
    await app.themeToggle.click()
    await app.themeToggle.click()
    await expect(app.themeToggle).toHaveAccessibleName(/^Theme: Dark\./)
    await expect(html).toHaveAttribute('data-theme', 'dark')
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
    expect(results.violations.map((v) => v.id)).toEqual([])
  })
})
