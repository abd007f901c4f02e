import { describe, expect, it } from 'vitest'
import { toOurThorchainSwap } from './toOurThorchainSwap'

const BTC = -3980891822
const GAIA = -978111860
const ETH_RECEIVER = '0x00000000000000000000000000000000000a7011'

const tx = (chain: string, asset: string, memo: string | undefined) => ({
  id: 'AB'.repeat(32),
  chain,
  coins: [{ asset, amount: '1000000' }],
  memo,
})

describe('toOurThorchainSwap', () => {
  const chains = [1, BTC, GAIA]

  it('a native deposit whose memo swaps to a served native asset without affiliate is ours', () => {
    expect(toOurThorchainSwap(tx('BTC', 'btc.btc', `=:ETH.ETH:${ETH_RECEIVER}:2400000`), chains)).toEqual({
      sourceChainId: BTC,
      destinationChainId: 1,
    })
    expect(toOurThorchainSwap(tx('GAIA', 'GAIA.ATOM', 'SWAP:BTC.BTC:bc1qxyz'), chains)).toEqual({
      sourceChainId: GAIA,
      destinationChainId: BTC,
    })
  })

  it.each([
    ['an EVM pair', tx('ETH', 'ETH.ETH', '=:BSC.BNB:0xabc'), [1, 56]],
    ['no memo', tx('BTC', 'BTC.BTC', undefined), chains],
    ['a swap to a token', tx('BTC', 'BTC.BTC', `=:ETH.USDC-0XA0B8:${ETH_RECEIVER}`), chains],
    ['a destination not served', tx('BTC', 'BTC.BTC', '=:GAIA.ATOM:cosmos1xyz'), [1, BTC]],
  ])('%s is not ours', (_name, observed, served) => {
    expect(toOurThorchainSwap(observed, served)).toBeUndefined()
  })
})
