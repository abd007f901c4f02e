import { expect, test } from '@playwright/test'

interface ListedChain {
  chainId: number
  family: string
  shortName: string
  logo: string
}

test("every listed chain has its logo, UTXO and Cosmos chains too; the header shows Bitcoin's", async ({
  page,
}) => {
  const chains = (await (await page.request.get('/trade/v1/info/chains?format=list')).json()) as ListedChain[]
  const others = chains.filter((c) => c.family !== 'evm')
  expect(others.map((c) => c.logo)).toEqual([
    '/chains/-3980891822.svg',
    '/chains/-174457306.svg',
    '/chains/-33463083.svg',
    '/chains/-3143381382.svg',
    '/chains/-978111860.svg',
  ])
  for (const chain of chains) {
    const logo = await page.request.get(chain.logo)
    expect([chain.shortName, logo.status(), logo.headers()['content-type']]).toEqual([
      chain.shortName,
      200,
      'image/svg+xml; charset=utf-8',
    ])
  }

  const logoAnswers: number[] = []
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/chains/')) logoAnswers.push(response.status())
  })
  await page.goto('/?chain=-3980891822&toChain=1')
  const bitcoin = page.locator('img[src="/chains/-3980891822.svg"]').first()
  await expect(bitcoin).toBeVisible()
  await expect
    .poll(() => bitcoin.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(32)
  expect(logoAnswers.filter((status) => status !== 200 && status !== 304)).toEqual([])
})
