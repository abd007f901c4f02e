import { describe, expect, it } from 'vitest'
import { findStargateSendForReceipt } from './findStargateSendForReceipt'

/**
 * Stargate V2's FeeLibV1 without a reward (node_modules/@stargatefinance/stg-evm-v2/src/feelibs/FeeLibV1.sol):
 * out = in - (in * feeMillionth / 1e6 + 1) in shared units, the local amount's dust left behind.
 */
const feeLibV1 = (feeMillionth: bigint, rate: bigint) => async (amountLD: bigint) => {
  const sd = amountLD / rate
  return (sd - ((sd * feeMillionth) / 1_000_000n + 1n)) * rate
}

describe('findStargateSendForReceipt', () => {
  it.each([
    // [fee in millionths, rate, target]: the devnet's 600, mainnet's 6-decimal and 18-decimal pools
    [600n, 1n, 1_000_000_000n],
    [600n, 1n, 1n],
    [600n, 10n ** 12n, 200_000_000_000_000_000n],
    [0n, 1n, 5_000_000n],
    [1_000n, 1n, 999_999_999_999n],
  ])(
    'fee %i, rate %i, target %i: the least amount arriving exactly the target',
    async (fee, rate, target) => {
      const received = feeLibV1(fee, rate)
      const found = await findStargateSendForReceipt({ targetLD: target, rate, received })
      if (found === undefined) throw new Error('none found')
      // the boundary pair: it arrives exactly the target, one shared unit less arrives less
      expect(await received(found)).toBe(target)
      expect(await received(found - rate)).toBeLessThan(target)
      expect(found % rate).toBe(0n)
    },
  )

  it('the devnet fee on 1,000 USDC: 1,000,600,361 sent arrives 1,000,000,000', async () => {
    expect(
      await findStargateSendForReceipt({ targetLD: 1_000_000_000n, rate: 1n, received: feeLibV1(600n, 1n) }),
    ).toBe(1_000_600_361n)
  })

  it('a reward that jumps past the target: no exact amount', async () => {
    // arrives 10% more than sent, in whole units: 100 sent arrives 110, 91 arrives 100, 92 arrives 101...
    const rewarded = async (amountLD: bigint) => amountLD + amountLD / 10n
    expect(await findStargateSendForReceipt({ targetLD: 105n, rate: 1n, received: rewarded })).toBeUndefined()
  })

  it('refuses a target that is not a whole number of shared units', async () => {
    await expect(
      findStargateSendForReceipt({
        targetLD: 10n ** 12n + 1n,
        rate: 10n ** 12n,
        received: feeLibV1(600n, 10n ** 12n),
      }),
    ).rejects.toThrow(RangeError)
  })
})
