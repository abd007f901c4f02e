import { describe, expect, it } from 'vitest'
import { computeDevnetVersion, listDeployInputs } from './computeDevnetVersion'

describe('listDeployInputs', () => {
  const inputs = listDeployInputs()

  it('follows the deploy code through its run-time imports, into the contracts and the pool math it uses', () => {
    expect(inputs.files).toEqual(
      expect.arrayContaining([
        'devnet/deployChain.ts',
        'devnet/bridges/connectDevnetBridges.ts',
        'devnet/markets.ts',
        'devnet/largeMarket.ts',
        'devnet/layerZeroRelayer/relayerAccount.ts',
        'contracts/artifacts/index.ts',
        'contracts/thirdParty.ts',
        'contracts/deploy/createTxPipeline.ts',
        'server/chains/layerZeroEids.ts',
        'server/poolKinds/uniswapV3/tickMath.ts',
      ]),
    )
  })

  it('leaves out what deploys nothing: the server, the devnet runtime, type-only imports', () => {
    const outside = inputs.files.filter(
      (file) =>
        file.startsWith('server/market/') ||
        file === 'server/app.ts' ||
        file === 'devnet/startAnvil.ts' ||
        file === 'devnet/startDevnet.ts' ||
        file === 'server/chains/deployment.ts',
    )
    expect(outside).toEqual([])
  })

  it('names the npm packages whose bytecode or code it runs, with their versions', () => {
    const names = inputs.packages.map((entry) => entry.slice(0, entry.lastIndexOf('@')))
    expect(names).toEqual(
      expect.arrayContaining([
        '@uniswap/v2-core',
        '@uniswap/v3-core',
        '@uniswap/v3-periphery',
        '@layerzerolabs/lz-evm-protocol-v2',
        '@stargatefinance/stg-evm-v2',
        '@across-protocol/contracts',
        'viem',
      ]),
    )
    expect(inputs.packages.every((entry) => /^(@[\w.-]+\/)?[\w.-]+@\d+\.\d+\.\d+/.test(entry))).toBe(true)
  })
})

describe('computeDevnetVersion', () => {
  it('keys each market apart: 16 hex digits for the small market, prefixed for the large', () => {
    const small = computeDevnetVersion('small')
    const large = computeDevnetVersion('large')
    expect([
      /^[0-9a-f]{16}$/.test(small),
      /^large-[0-9a-f]{16}$/.test(large),
      small === large.slice(6),
    ]).toEqual([true, true, false])
  })
})
