import { it } from 'vitest'
import { startDevnetHarness } from '/work/main/server/testing/devnetHarness'
it('dbg', async () => {
  const h = await startDevnetHarness({ portBase: 20010, chainIds: [1] })
  try {
    const tax = h.token(1, 'TAX').address
    for (const extra of ['', '&feePercentage=0.003&feeReceiver=0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC']) {
      const r = await h.request(`/trade/v1/1/quote/single?fromTokenAddress=0x0000000000000000000000000000000000000000&toTokenAddress=${tax}&amount=66666666666666666${extra}`)
      const q = (await r.json()) as any[]
      for (const x of q) console.log(x.exchangeId, x.toTokenAmount, x.toTokenAmountWithoutFee, x.fee, JSON.stringify(x.protocol.map((p: any) => [p.amountIn, p.amountOut, p.pools.map((pp: any) => pp.exchangeId)])))
    }
  } finally { await h.stop() }
}, 120000)
