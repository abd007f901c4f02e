import { describe, expect, it } from 'vitest'
import type { ChainDeployment } from '../chains/deployment'
import { createFakeDeployments } from '../testing/fakeDeployments'
import { buildContractAddresses } from './buildContractAddresses'

const stargateEntry = '0x5555555555555555555555555555555555555555'
const acrossEntry = '0x6666666666666666666666666666666666666666'
const liquidityEntry = '0x7777777777777777777777777777777777777777'

describe('buildContractAddresses', () => {
  it('one contract per version and chain: v1 the Aggregator, v2 StargateEntry, v3 AcrossEntry, v4 LiquidityEntry, where deployed', () => {
    const [ethereum, base] = createFakeDeployments()
    if (ethereum === undefined || base === undefined) throw new Error('two fake deployments expected')
    const withEntries: ChainDeployment = {
      ...ethereum,
      liquidityEntry,
      stargate: {
        tokenMessaging: base.aggregator,
        creditMessaging: base.aggregator,
        entry: stargateEntry,
        composer: base.aggregator,
        pools: [],
      },
      across: { spokePool: base.aggregator, entry: acrossEntry, assets: [], relayers: [] },
    }
    const addresses = buildContractAddresses([withEntries, base])
    const aggregator1 = '0x1111111111111111111111111111111111111111'
    const aggregator8453 = '0x2222222222222222222222222222222222222222'
    expect([addresses.contractVersion, addresses.v1, addresses.v2, addresses.v3, addresses.v4]).toEqual([
      'v1',
      { '1': aggregator1, '8453': aggregator8453 },
      { '1': stargateEntry },
      { '1': acrossEntry },
      { '1': liquidityEntry },
    ])
    expect(addresses.chains['1']).toMatchObject({
      v1: aggregator1,
      v2: stargateEntry,
      v3: acrossEntry,
      v4: liquidityEntry,
      router: aggregator1,
      spender: aggregator1,
    })
    // a chain without an entry has no key for its version
    expect(Object.keys(addresses.chains['8453'] ?? {})).not.toContain('v2')
  })
})
