import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createLiquidityNetwork } from './createLiquidityNetwork'
import type { NetworkChainAdapter } from './networkChainAdapter'
import type { ObservedInbound } from './settleInbound'

const E8 = 100_000_000n

/** A chain the test writes block by block: `hash` names which chain it is (a replaced chain has another). */
function fakeChain() {
  const chain = { name: 'first', blocks: [] as ObservedInbound[][] }
  const adapter: NetworkChainAdapter = {
    chain: 'ETH',
    gasAsset: 'ETH.ETH',
    outboundFee: 0n,
    vault: { address: '0x00000000000000000000000000000000000000aa', gasRate: '1', gasRateUnits: 'gwei' },
    isValidAddress: () => true,
    tipHeight: async () => chain.blocks.length,
    inboundsAt: async (height) => chain.blocks[height - 1] ?? [],
    blockHashAt: async (height) => (height <= chain.blocks.length ? `${chain.name}:${height}` : undefined),
    signPayment: async () => {
      throw new Error('no payments in this test')
    },
    broadcast: async () => undefined,
  }
  return { chain, adapter }
}

const refundable = (txId: string): ObservedInbound => ({
  txId,
  asset: 'ETH.ETH',
  amount: 10n * E8,
  from: '0x00000000000000000000000000000000000000bb',
  memo: 'not a memo the network can read',
})

describe('the liquidity network over a replaced chain', () => {
  const dirs: string[] = []
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
  })

  it('starts at the tip of a chain that is not the one it scanned (a devnet restarted from another snapshot)', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'network-replaced-'))
    dirs.push(dataDir)
    const { chain, adapter } = fakeChain()
    const initialPools = { 'ETH.ETH': { assetDepth: 100n * E8, runeDepth: 100_000n * E8 } }
    chain.blocks = Array.from({ length: 50 }, () => [])
    const first = await createLiquidityNetwork({ chains: [adapter], initialPools, dataDir })
    await first.tick()
    chain.blocks.push([refundable('aa01')])
    await first.tick()
    expect(first.getInbound('aa01')?.height).toBe(51)

    // the chain is replaced by a shorter one, then grows past the old cursor with blocks the network never saw
    chain.name = 'second'
    chain.blocks = Array.from({ length: 40 }, () => [])
    const second = await createLiquidityNetwork({ chains: [adapter], initialPools, dataDir })
    await second.tick()
    chain.blocks.push([refundable('bb02')])
    await second.tick()
    expect(second.getInbound('bb02')?.height).toBe(41)
    expect(second.getInbound('aa01')?.height).toBe(51)
  })
})
