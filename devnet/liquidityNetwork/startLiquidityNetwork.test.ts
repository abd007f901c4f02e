import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { StargateClient } from '@cosmjs/stargate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allocateTestPorts } from '../../server/testing/allocateTestPorts'
import { createBitcoinRpcClient } from '../utxo/createBitcoinRpcClient'
import { type RunningLiquidityNetwork, startLiquidityNetwork } from './startLiquidityNetwork'

const PORT_BASE = await allocateTestPorts(30)

describe('startLiquidityNetwork (supervised workers)', () => {
  let dataDir: string
  let running: RunningLiquidityNetwork | undefined

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'liquidity-workers-'))
    running = await startLiquidityNetwork({
      portBase: PORT_BASE,
      host: '127.0.0.1',
      dataDir,
      litecoind: null,
      blockIntervalMs: 60_000,
      tickIntervalMs: 200,
    })
  }, 120_000)
  afterAll(async () => {
    await running?.stop()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('serves each chain on its port and THORNode API with the funded vaults; a killed worker comes back', async () => {
    const config = running?.config
    expect(config).toEqual({
      thornodeUrl: `http://127.0.0.1:${PORT_BASE + 25}`,
      utxo: [
        { chainId: -3980891822, rpcUrl: `http://127.0.0.1:${PORT_BASE + 20}` },
        { chainId: -174457306, rpcUrl: `http://127.0.0.1:${PORT_BASE + 21}` },
        { chainId: -3143381382, rpcUrl: `http://127.0.0.1:${PORT_BASE + 22}` },
      ],
      cosmos: [{ chainId: -978111860, rpcUrl: `http://127.0.0.1:${PORT_BASE + 26}` }],
    })
    const inbound = async () =>
      (await (await fetch(`${config?.thornodeUrl}/thorchain/inbound_addresses`)).json()) as {
        chain: string
        address: string
      }[]
    const vaults = await inbound()
    expect(vaults.map((v) => v.chain)).toEqual(['BTC', 'BCH', 'DOGE', 'GAIA'])
    const gaia = await StargateClient.connect(config?.cosmos?.[0]?.rpcUrl ?? '')
    const gaiaVault = vaults[3]?.address ?? ''
    const atomOf = async () => (await gaia.getBalance(gaiaVault, 'uatom')).amount
    // 20,000 ATOM in the pool, 1% more for the fees of its payouts
    expect(await atomOf()).toBe('20200000000')
    const gaiaHeight = await gaia.getHeight()
    const btc = createBitcoinRpcClient({ url: config?.utxo[0]?.rpcUrl ?? '' })
    const btcVault = vaults[0]?.address ?? ''
    // 10 BTC in the pool, 1% more for the fees of its payouts
    expect((await btc.listUnspent(btcVault)).reduce((sum, c) => sum + c.satoshis, 0n)).toBe(1_010_000_000n)

    const network = running?.workers.get('network')
    const btcNode = running?.workers.get('BTC')
    const heightBefore = (await btc.getBlockchainInfo()).blocks
    const gaiaNode = running?.workers.get('GAIA')
    const back = Promise.all([network?.nextReady(), btcNode?.nextReady(), gaiaNode?.nextReady()])
    network?.process().kill('SIGKILL')
    btcNode?.process().kill('SIGKILL')
    gaiaNode?.process().kill('SIGKILL')
    await back
    expect([network?.restarts(), btcNode?.restarts(), gaiaNode?.restarts()]).toEqual([1, 1, 1])
    // the ledger and the vault came back from the data dir
    expect((await btc.getBlockchainInfo()).blocks).toBe(heightBefore)
    expect((await inbound()).map((v) => v.address)).toEqual(vaults.map((v) => v.address))
    expect((await btc.listUnspent(btcVault)).reduce((sum, c) => sum + c.satoshis, 0n)).toBe(1_010_000_000n)
    expect(await gaia.getHeight()).toBe(gaiaHeight)
    expect(await atomOf()).toBe('20200000000')
    gaia.disconnect()
  }, 120_000)
})
