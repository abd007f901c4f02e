import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { createThorchainProvider } from './createThorchainProvider'
import type { ThornodeClient } from './createThornodeClient'

const BTC = -3980891822
const BTC_RECEIVER = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const ROUTER: Address = '0x00000000000000000000000000000000000fa018'

/** A THORNode quoting 0.001 ETH as 99,500 sat to `BTC_RECEIVER`, and counting its quotes. */
const thornode = (asked: string[]): ThornodeClient => ({
  inboundAddresses: async () => [],
  pools: async () => [],
  quoteSwap: async (params) => {
    asked.push(`${params.fromAsset}>${params.toAsset}`)
    return {
      inbound_address: '0x00000000000000000000000000000000000fa017',
      router: ROUTER,
      expected_amount_out: '99500',
      fees: {
        asset: 'BTC.BTC',
        affiliate: '0',
        outbound: '300',
        liquidity: '200',
        total: '500',
        slippage_bps: 2,
        total_bps: 5,
      },
      memo: `=:BTC.BTC:${BTC_RECEIVER}:98505`,
      expiry: 1_700_000_900,
    }
  },
  txStatus: async () => undefined,
  actions: async () => [],
})

const ethToBtc = {
  from: { chainId: 1, address: '0x0000000000000000000000000000000000000000', decimals: 18 },
  to: { chainId: BTC, address: '0x0000000000000000000000000000000000000000', decimals: 8 },
  amountIn: 10n ** 15n,
  sender: '0x00000000000000000000000000000000000b0b01',
  receiver: BTC_RECEIVER,
  slippage: 0.01,
}

describe('quoteThorchain from an EVM chain', () => {
  it.each<[string, ReadonlyMap<number, Address>, unknown]>([
    ['with its router pinned: quoted', new Map([[1, ROUTER]]), [[[99_500n, 98_505n]], ['ETH.ETH>BTC.BTC']]],
    ['without a pinned router: not quoted, THORNode not asked', new Map(), [[], []]],
  ])('%s', async (_name, pinnedRouters, expected) => {
    const asked: string[] = []
    const provider = createThorchainProvider({ client: thornode(asked), chainIds: [1, BTC], pinnedRouters })
    const quotes = await provider.quote(ethToBtc, { signal: new AbortController().signal })
    expect([quotes.map((q) => [q.amountOut, q.amountOutMin]), asked]).toEqual(expected)
  })
})
