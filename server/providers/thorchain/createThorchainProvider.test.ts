import { describe, expect, it } from 'vitest'
import { createThorchainProvider } from './createThorchainProvider'
import type { ThornodeClient } from './createThornodeClient'

const BTC = -3980891822

const pool = (asset: string, balanceAsset: number, balanceRune: number) => ({
  asset,
  status: 'Available',
  balance_asset: String(balanceAsset),
  balance_rune: String(balanceRune),
})

describe('createThorchainProvider usdPriceOf', () => {
  it('prices a UTXO coin through the pools, reading them once for the quotes of one moment', async () => {
    let poolReads = 0
    const client: ThornodeClient = {
      inboundAddresses: async () => [],
      pools: async () => {
        poolReads += 1
        return [pool('ETH.ETH', 100e8, 60_000e8), pool('BTC.BTC', 10e8, 130_000e8)]
      },
      quoteSwap: async () => {
        throw new Error('not used')
      },
      txStatus: async () => undefined,
    }
    const provider = createThorchainProvider({ client, chainIds: [1, BTC] })
    const ethUsd = (chainId: number) => (chainId === 1 ? 3_000 : undefined)
    const prices = await Promise.all([provider.usdPriceOf(BTC, ethUsd), provider.usdPriceOf(BTC, ethUsd)])
    expect(prices[0]).toBeCloseTo(65_000, 9)
    expect(prices[1]).toBeCloseTo(65_000, 9)
    expect(await provider.usdPriceOf(1, ethUsd)).toBeCloseTo(3_000, 9)
    expect(poolReads).toBe(1)
  })
})
