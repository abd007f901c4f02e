import type { LiquidityNetwork } from '../../devnet/liquidityNetwork/createLiquidityNetwork'

/**
 * Test support: `work`'s outcome, the liquidity network passing every `intervalMs` meanwhile, for work that
 * waits for THORChain's next block (a memo registration): as `work` settles, so does this, with its value or
 * its error.
 */
export async function whileNetworkPasses<T>(
  network: LiquidityNetwork,
  work: T | Promise<T>,
  intervalMs = 10,
): Promise<T> {
  let done = false
  const outcome = Promise.resolve(work).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  )
  void outcome.then(() => {
    done = true
  })
  while (!done) {
    await network.tick()
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
  const settled = await outcome
  if ('error' in settled) throw settled.error
  return settled.value
}
