import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allocateTestPorts } from '../../server/testing/allocateTestPorts'
import { createBitcoinRpcClient } from '../utxo/createBitcoinRpcClient'
import { litecoinSpec } from '../utxo/litecoinSpec'
import { bitcoinSpec } from '../utxo/utxoChainSpecs'
import { type RunningLiquidityNetwork, startLiquidityNetwork } from './startLiquidityNetwork'

const PORT_BASE = await allocateTestPorts(80)
const LITECOIND = '/usr/lib/litecoin/litecoind'
const hasLitecoind = existsSync(LITECOIND)

describe(`Litecoin in the liquidity network (${hasLitecoind ? 'real litecoind in regtest' : 'litecoind missing'})`, () => {
  let dataDir: string
  let running: RunningLiquidityNetwork | undefined
  const logs: string[] = []

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'liquidity-ltc-'))
    running = await startLiquidityNetwork({
      portBase: PORT_BASE,
      host: '127.0.0.1',
      dataDir,
      litecoind: hasLitecoind ? LITECOIND : path.join(dataDir, 'no-litecoind'),
      blockIntervalMs: 600_000,
      tickIntervalMs: 200,
      log: (message) => logs.push(message),
    })
  }, 180_000)
  afterAll(async () => {
    await running?.stop()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('without litecoind the network starts and leaves Litecoin out with a log line', async () => {
    if (hasLitecoind) {
      // the other branch of this file runs: check the missing-binary path on a second network
      const other = await mkdtemp(path.join(tmpdir(), 'liquidity-no-ltc-'))
      const missing: string[] = []
      const network = await startLiquidityNetwork({
        portBase: PORT_BASE + 50,
        host: '127.0.0.1',
        dataDir: other,
        litecoind: path.join(other, 'no-litecoind'),
        blockIntervalMs: 600_000,
        log: (message) => missing.push(message),
      })
      await network.stop()
      await rm(other, { recursive: true, force: true })
      expect(missing).toContain('liquidity network: litecoind is not installed; Litecoin is left out')
      expect(network.config.utxo.map((u) => u.chainId)).toEqual([-3980891822, -174457306, -3143381382])
    } else {
      expect(logs).toContain('liquidity network: litecoind is not installed; Litecoin is left out')
    }
  }, 180_000)

  it('LTC to BTC: a deposit validated by litecoind pays exactly the quote on the BTC chain', async () => {
    if (!hasLitecoind) return
    const config = running?.config
    const ltcEntry = config?.utxo.find((u) => u.chainId === -33463083)
    expect(ltcEntry).toEqual({
      chainId: -33463083,
      rpcUrl: `http://127.0.0.1:${PORT_BASE + 23}`,
      username: 'tributary',
      password: 'devnet',
    })
    const ltc = createBitcoinRpcClient({
      url: ltcEntry?.rpcUrl ?? '',
      username: ltcEntry?.username ?? '',
      password: ltcEntry?.password ?? '',
    })
    const btc = createBitcoinRpcClient({ url: config?.utxo[0]?.rpcUrl ?? '' })
    expect((await ltc.getBlockchainInfo()).chain).toBe('regtest')
    const spec = litecoinSpec()
    const userKey = new spec.lib.PrivateKey(
      createHash('sha256').update('ltc test user').digest('hex'),
      spec.network,
    )
    const user = userKey.toAddress(spec.network, spec.addressType).toString()
    expect(user).toMatch(/^rltc1q/)
    const miner = (await ltc.call<string>('getnewaddress').catch(() => undefined)) ?? user
    await ltc.call('generatetoaddress', [1, user])
    await ltc.call('generatetoaddress', [100, miner === user ? user : miner])
    const btcSpec = bitcoinSpec()
    const receiver = new btcSpec.lib.PrivateKey(
      createHash('sha256').update('ltc test btc receiver').digest('hex'),
      btcSpec.network,
    )
      .toAddress(btcSpec.network, btcSpec.addressType)
      .toString()

    const quoteUrl = `${config?.thornodeUrl}/thorchain/quote/swap?from_asset=LTC.LTC&to_asset=BTC.BTC&amount=100000000&destination=${receiver}`
    const quote = (await (await fetch(quoteUrl)).json()) as {
      inbound_address: string
      memo: string
      expected_amount_out: string
    }
    // 1 LTC ($80) -> 15.97 RUNE -> 122,800 sat emitted, less the 15,000 sat outbound fee
    expect(quote.expected_amount_out).toBe('107800')
    const coins = (await ltc.listUnspent(user)).sort((a, b) => a.height - b.height)
    const coin = coins[0]
    if (coin === undefined) throw new Error('the user has no LTC')
    const tx = new spec.lib.Transaction()
      .from({ txId: coin.txid, outputIndex: coin.vout, script: coin.script, satoshis: Number(coin.satoshis) })
      .to(quote.inbound_address, 100_000_000)
      .addData(Buffer.from(quote.memo, 'utf8'))
      .change(user)
      .fee(10_000)
      .sign(userKey)
    const txid = await ltc.sendRawTransaction(tx.serialize(true))
    await ltc.call('generatetoaddress', [1, user])

    let paid: { out_txs?: { id: string }[] } = {}
    for (let i = 0; i < 150 && paid.out_txs === undefined; i++) {
      await sleep(200)
      const res = await fetch(`${config?.thornodeUrl}/thorchain/tx/status/${txid}`)
      if (res.ok) paid = (await res.json()) as typeof paid
    }
    expect(paid.out_txs?.length).toBe(1)
    await btc.call('generatetoaddress', [1, receiver])
    const received = (await btc.listUnspent(receiver)).reduce((sum, c) => sum + c.satoshis, 0n)
    expect(received).toBe(107_800n)
  }, 180_000)
})
