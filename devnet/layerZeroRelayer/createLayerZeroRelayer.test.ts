import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createTestClient, erc20Abi, getAddress, http, maxUint256, pad, parseAbi, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitForReceipt } from '../../contracts/deploy/waitForReceipt'
import { type DevnetHarness, startDevnetHarness } from '../../server/testing/devnetHarness'
import { createStateFile } from '../createStateFile'
import { createLayerZeroRelayer, type LayerZeroRelayerState } from './createLayerZeroRelayer'

const stargateAbi = parseAbi([
  'struct SendParam { uint32 dstEid; bytes32 to; uint256 amountLD; uint256 minAmountLD; bytes extraOptions; bytes composeMsg; bytes oftCmd; }',
  'struct MessagingFee { uint256 nativeFee; uint256 lzTokenFee; }',
  'function quoteSend(SendParam sendParam, bool payInLzToken) view returns (MessagingFee fee)',
  'function send(SendParam sendParam, MessagingFee fee, address refundAddress) payable',
])
const receiver = getAddress('0x00000000000000000000000000000000000b0b0b')
const rolledBackReceiver = getAddress('0x00000000000000000000000000000000000b0b0c')

let h: DevnetHarness
let stateDir: string

beforeAll(async () => {
  h = await startDevnetHarness({ chainIds: [1, 42161] })
  stateDir = mkdtempSync(path.join(tmpdir(), 'lz-relayer-'))
}, 600_000)

afterAll(async () => {
  await h?.stop()
  rmSync(stateDir, { recursive: true, force: true })
})

describe('createLayerZeroRelayer', () => {
  it('stopped after the DVN verified a transfer, a restarted relayer delivers it exactly once', async () => {
    const source = h.deployment(1)
    const destination = h.deployment(42161)
    const sourcePool = source.stargate?.pools.find((p) => p.symbol === 'USDC')
    const destinationPool = destination.stargate?.pools.find((p) => p.symbol === 'USDC')
    const dstEid = destination.layerZero?.eid
    if (!sourcePool || !destinationPool || dstEid === undefined) throw new Error('no USDC path 1 -> 42161')
    const wallet = h.walletClient(1, 6)
    await h.approve(wallet, sourcePool.token, sourcePool.pool, maxUint256)
    const amountLD = parseUnits('250', 6)
    const sendParam = {
      dstEid,
      to: pad(receiver),
      amountLD,
      minAmountLD: 0n,
      extraOptions: '0x' as const,
      composeMsg: '0x' as const,
      oftCmd: '0x' as const,
    }
    const fee = await wallet.readContract({
      address: sourcePool.pool,
      abi: stargateAbi,
      functionName: 'quoteSend',
      args: [sendParam, false],
    })
    const hash = await wallet.writeContract({
      address: sourcePool.pool,
      abi: stargateAbi,
      functionName: 'send',
      args: [sendParam, fee, wallet.account.address],
      value: fee.nativeFee,
    })
    expect((await waitForReceipt(wallet, { hash })).status).toBe('success')
    const balance = () => h.balanceOf(42161, destinationPool.token, receiver)
    const before = await balance()
    const stateFile = () =>
      createStateFile<LayerZeroRelayerState>(path.join(stateDir, 'relayer.json'), 'the relayer')

    const first = createLayerZeroRelayer({ deployments: h.deployments, stateFile: stateFile() })
    const verified = await first.runOnce({ stopAfter: 'verified' })
    expect(verified.steps.map((s) => s.step)).toEqual(['verify'])
    expect(verified.pending).toBe(1)
    expect(await balance()).toBe(before)
    await first.stop()

    const restarted = createLayerZeroRelayer({ deployments: h.deployments, stateFile: stateFile() })
    const delivered = await restarted.runOnce()
    expect(delivered.steps.map((s) => s.step)).toEqual(['commit', 'execute'])
    expect(delivered.pending).toBe(0)
    // 250 USDC less FeeLibV1's 0.06 % (rounded up by one shared-decimal unit).
    expect((await balance()) - before).toBe(parseUnits('249.849999', 6))

    const again = await restarted.runOnce()
    expect(again.steps).toEqual([])
    const fresh = createLayerZeroRelayer({ deployments: h.deployments })
    expect((await fresh.runOnce()).steps).toEqual([])
    expect((await balance()) - before).toBe(parseUnits('249.849999', 6))
    const erc20Receiver = await wallet.readContract({
      address: sourcePool.token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [receiver],
    })
    expect(erc20Receiver).toBe(0n)
  }, 300_000)

  it('a delivery the destination lost in a rollback is delivered again, exactly once, by a restarted relayer', async () => {
    const source = h.deployment(1)
    const destination = h.deployment(42161)
    const sourcePool = source.stargate?.pools.find((p) => p.symbol === 'USDC')
    const destinationPool = destination.stargate?.pools.find((p) => p.symbol === 'USDC')
    const dstEid = destination.layerZero?.eid
    if (!sourcePool || !destinationPool || dstEid === undefined) throw new Error('no USDC path 1 -> 42161')
    const wallet = h.walletClient(1, 7)
    await h.approve(wallet, sourcePool.token, sourcePool.pool, maxUint256)
    const sendParam = {
      dstEid,
      to: pad(rolledBackReceiver),
      amountLD: parseUnits('100', 6),
      minAmountLD: 0n,
      extraOptions: '0x' as const,
      composeMsg: '0x' as const,
      oftCmd: '0x' as const,
    }
    const fee = await wallet.readContract({
      address: sourcePool.pool,
      abi: stargateAbi,
      functionName: 'quoteSend',
      args: [sendParam, false],
    })
    const hash = await wallet.writeContract({
      address: sourcePool.pool,
      abi: stargateAbi,
      functionName: 'send',
      args: [sendParam, fee, wallet.account.address],
      value: fee.nativeFee,
    })
    expect((await waitForReceipt(wallet, { hash })).status).toBe('success')
    const balance = () => h.balanceOf(42161, destinationPool.token, rolledBackReceiver)
    const dstAnvil = createTestClient({ mode: 'anvil', transport: http(destination.rpcUrl) })
    const beforeDelivery = await dstAnvil.snapshot()
    const stateFile = () =>
      createStateFile<LayerZeroRelayerState>(path.join(stateDir, 'rolled-back.json'), 'the relayer')

    const first = createLayerZeroRelayer({ deployments: h.deployments, stateFile: stateFile() })
    expect((await first.runOnce()).steps.map((s) => s.step)).toEqual(['verify', 'commit', 'execute'])
    // 100 USDC less FeeLibV1's 0.06 % (rounded up by one shared-decimal unit).
    expect(await balance()).toBe(parseUnits('99.939999', 6))
    await first.stop()

    // the destination restarts from a state dumped before the delivery (a crash between two dumps)
    await dstAnvil.revert({ id: beforeDelivery })
    await dstAnvil.mine({ blocks: 1 })
    expect(await balance()).toBe(0n)

    const restarted = createLayerZeroRelayer({ deployments: h.deployments, stateFile: stateFile() })
    const redelivered = await restarted.runOnce()
    expect(redelivered.steps.map((s) => s.step)).toEqual(['verify', 'commit', 'execute'])
    expect(redelivered.pending).toBe(0)
    expect(await balance()).toBe(parseUnits('99.939999', 6))
    expect((await restarted.runOnce()).steps).toEqual([])
    expect(await balance()).toBe(parseUnits('99.939999', 6))
  }, 300_000)

  it('forgets a delivery once it is final (read on the destination through finalityMs)', async () => {
    let clock = 1_000_000
    const relayer = createLayerZeroRelayer({
      deployments: h.deployments,
      stateFile: createStateFile<LayerZeroRelayerState>(path.join(stateDir, 'final.json'), 'the relayer'),
      finalityMs: 60_000,
      now: () => clock,
    })
    await relayer.runOnce()
    const read = () =>
      createStateFile<LayerZeroRelayerState>(path.join(stateDir, 'final.json'), 'the relayer').read()
    // the two credit messages of the deploy and the two transfers above, all delivered, kept while not final
    expect((await read())?.packets.map((p) => [p.stage, p.deliveredAtMs])).toEqual([
      ['delivered', 1_000_000],
      ['delivered', 1_000_000],
      ['delivered', 1_000_000],
      ['delivered', 1_000_000],
    ])
    clock += 59_999
    await relayer.runOnce()
    expect((await read())?.packets.length).toBe(4)
    clock += 1
    await relayer.runOnce()
    expect((await read())?.packets).toEqual([])
  }, 300_000)

  it("with the devnet's saved heads, relays a send only once its source's last save covers it", async () => {
    let sourceFinal: bigint | undefined
    const file = path.join(stateDir, 'source.json')
    const relayer = createLayerZeroRelayer({
      deployments: h.deployments,
      stateFile: createStateFile<LayerZeroRelayerState>(file, 'the relayer'),
      sourceFinalBlock: async () => sourceFinal,
    })
    const read = async () =>
      (await createStateFile<LayerZeroRelayerState>(file, 'the relayer').read())?.packets ?? []
    await relayer.runOnce()
    const sent = await read()
    expect(sent.map((p) => p.stage)).toEqual(['sent', 'sent', 'sent', 'sent'])
    const blocks = sent.map((p) => p.blockNumber)
    sourceFinal = BigInt(Math.min(...blocks)) - 1n
    await relayer.runOnce()
    expect((await read()).map((p) => p.stage)).toEqual(['sent', 'sent', 'sent', 'sent'])
    sourceFinal = BigInt(Math.max(...blocks))
    await relayer.runOnce()
    expect((await read()).map((p) => p.stage)).toEqual(['delivered', 'delivered', 'delivered', 'delivered'])
  }, 300_000)

  it("with the devnet's saved heads, also keeps a delivery until its destination's last save covers it", async () => {
    let clock = 2_000_000
    let finalBlock: bigint | undefined
    const file = path.join(stateDir, 'saved.json')
    const relayer = createLayerZeroRelayer({
      deployments: h.deployments,
      stateFile: createStateFile<LayerZeroRelayerState>(file, 'the relayer'),
      finalityMs: 60_000,
      finalBlock: async () => finalBlock,
      now: () => clock,
    })
    await relayer.runOnce()
    const read = () => createStateFile<LayerZeroRelayerState>(file, 'the relayer').read()
    const delivered = (await read())?.packets ?? []
    expect(delivered.map((p) => p.stage)).toEqual(['delivered', 'delivered', 'delivered', 'delivered'])
    const blocks = delivered.map((p) => p.deliveredAtBlock ?? -1)
    // each delivery read at a head of its destination, which holds it
    for (const [i, p] of delivered.entries()) {
      const head = await h.markets.get(p.dstChainId).client.getBlockNumber({ cacheTime: 0 })
      expect(blocks[i]).toBeGreaterThan(0)
      expect(blocks[i]).toBeLessThanOrEqual(Number(head))
    }
    clock += 60_000
    await relayer.runOnce()
    expect((await read())?.packets.length).toBe(4)
    finalBlock = BigInt(Math.min(...blocks)) - 1n
    await relayer.runOnce()
    expect((await read())?.packets.length).toBe(4)
    finalBlock = BigInt(Math.max(...blocks))
    await relayer.runOnce()
    expect((await read())?.packets).toEqual([])
  }, 300_000)
})
