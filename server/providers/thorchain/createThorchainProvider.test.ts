import { describe, expect, it } from 'vitest'
import { createThorchainProvider } from './createThorchainProvider'
import type { ThornodeClient } from './createThornodeClient'

const BTC = -3980891822
const BCH = -174457306
const LTC = -33463083
const DOGE = -3143381382

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
      actions: async () => [],
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

describe('createThorchainProvider track: only inbounds of ours are trades', () => {
  const ETH_RECEIVER = '0x00000000000000000000000000000000000a7011'
  const status = (tx: { chain: string; asset: string; memo: string; coins?: number }) => ({
    tx: {
      id: 'AB'.repeat(32),
      chain: tx.chain,
      coins: Array.from({ length: tx.coins ?? 1 }, () => ({ asset: tx.asset, amount: '1000000' })),
      memo: tx.memo,
    },
    out_txs: [
      {
        id: 'CD'.repeat(32),
        chain: 'ETH',
        to_address: ETH_RECEIVER,
        coins: [{ asset: 'ETH.ETH', amount: '25000000' }],
      },
    ],
  })
  const track = async (observed: ReturnType<typeof status>) => {
    const client: ThornodeClient = {
      inboundAddresses: async () => [],
      pools: async () => [],
      quoteSwap: async () => {
        throw new Error('not used')
      },
      txStatus: async () => observed,
      actions: async () => [],
    }
    return createThorchainProvider({ client, chainIds: [1, BTC] }).track('ab'.repeat(32))
  }

  it('a BTC deposit whose memo swaps to ETH with no affiliate is ours: delivered, in wei', async () => {
    expect(
      await track(status({ chain: 'BTC', asset: 'BTC.BTC', memo: `=:ETH.ETH:${ETH_RECEIVER}:2400000` })),
    ).toEqual({
      originTxHash: 'ab'.repeat(32),
      sourceChainId: BTC,
      destinationChainId: 1,
      receivedDifferentTokens: false,
      state: 'DELIVERED',
      destinationTxHash: 'CD'.repeat(32),
      amountReceived: 250_000_000_000_000_000n,
      tokenReceived: '0x0000000000000000000000000000000000000000',
    })
  })

  it('an outbound on the source chain is the refund: FAILED, refunded, the input returned in satoshis', async () => {
    const refund = status({ chain: 'BTC', asset: 'BTC.BTC', memo: `=:ETH.ETH:${ETH_RECEIVER}:2400000` })
    refund.out_txs = [
      {
        id: 'EF'.repeat(32),
        chain: 'BTC',
        to_address: 'bc1qsender',
        coins: [{ asset: 'BTC.BTC', amount: '985000' }],
      },
    ]
    expect(await track(refund)).toEqual({
      originTxHash: 'ab'.repeat(32),
      sourceChainId: BTC,
      destinationChainId: 1,
      receivedDifferentTokens: false,
      state: 'FAILED',
      refunded: true,
      destinationTxHash: 'EF'.repeat(32),
      amountReceived: 985_000n,
      tokenReceived: '0x0000000000000000000000000000000000000000',
    })
  })

  it.each([
    [
      'a foreign front end with an affiliate',
      { chain: 'BTC', asset: 'BTC.BTC', memo: `=:ETH.ETH:${ETH_RECEIVER}:0:xx:50` },
    ],
    ['a zero-fee affiliate tag', { chain: 'BTC', asset: 'BTC.BTC', memo: `=:ETH.ETH:${ETH_RECEIVER}:0:xx` }],
    ['a liquidity add', { chain: 'BTC', asset: 'BTC.BTC', memo: '+:BTC.BTC' }],
    ['an unparsable memo', { chain: 'BTC', asset: 'BTC.BTC', memo: 'hello' }],
    [
      'a destination we do not serve',
      { chain: 'BTC', asset: 'BTC.BTC', memo: `=:DOGE.DOGE:${ETH_RECEIVER}` },
    ],
    ['a token, not the native coin', { chain: 'ETH', asset: 'ETH.USDC-0XA0B8', memo: '=:BTC.BTC:bc1qxyz' }],
    ['two coins', { chain: 'BTC', asset: 'BTC.BTC', memo: `=:ETH.ETH:${ETH_RECEIVER}`, coins: 2 }],
    [
      'a source chain we do not serve',
      { chain: 'DOGE', asset: 'DOGE.DOGE', memo: `=:ETH.ETH:${ETH_RECEIVER}` },
    ],
  ])('%s is not ours: undefined', async (_name, tx) => {
    expect(await track(status(tx))).toBeUndefined()
  })
})

describe('createThorchainProvider without chainIds: the chains THORNode lists, read on first use', () => {
  it('every network chain until THORNode answers, then its inbound chains; a pair it does not serve quotes nothing', async () => {
    let inboundReads = 0
    const client: ThornodeClient = {
      inboundAddresses: async () => {
        inboundReads += 1
        if (inboundReads === 1) throw new Error('THORNode does not answer yet')
        return [
          { chain: 'BTC', address: 'bc1qvault', halted: false },
          { chain: 'ETH', address: '0x00000000000000000000000000000000000fa017', halted: false },
        ]
      },
      pools: async () => [],
      quoteSwap: async () => {
        throw new Error('not asked: DOGE is not served')
      },
      txStatus: async () => undefined,
      actions: async () => [],
    }
    const provider = createThorchainProvider({ client })
    expect(provider.chainIds).toEqual([1, 56, 43114, BTC, BCH, LTC, DOGE, -978111860])
    await expect(provider.inboundAddresses()).rejects.toThrow('THORNode does not answer yet')
    expect(provider.chainIds.length).toBe(8)
    const doge = await provider.quote(
      {
        from: { chainId: BTC, address: '0x0000000000000000000000000000000000000000', decimals: 8 },
        to: { chainId: DOGE, address: '0x0000000000000000000000000000000000000000', decimals: 8 },
        amountIn: 10_000_000n,
        sender: 'bc1qsender',
        receiver: 'DReceiver',
        slippage: 0.01,
      },
      { signal: new AbortController().signal },
    )
    expect([doge, provider.chainIds, provider.serves(BTC, 1), inboundReads]).toEqual([[], [BTC, 1], true, 2])
  })
})
