import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { quoteSwap } from '../../server/thorchain/quoteSwap'
import { startTestUtxoChain, type TestUtxoChain } from '../utxo/startTestUtxoChain'
import { bitcoinCashSpec, bitcoinSpec, dogecoinSpec } from '../utxo/utxoChainSpecs'
import { createLiquidityNetwork } from './createLiquidityNetwork'
import { createThornodeApi } from './createThornodeApi'
import { createUtxoChainAdapter } from './createUtxoChainAdapter'
import { createUtxoVault } from './createUtxoVault'
import type { NetworkChainAdapter } from './networkChainAdapter'

const E8 = 10n ** 8n
const initialPools = {
  // 10 BTC at $65,000 and 200,000 DOGE at $0.15 against RUNE at $5
  'BTC.BTC': { assetDepth: 10n * E8, runeDepth: 130_000n * E8 },
  'DOGE.DOGE': { assetDepth: 200_000n * E8, runeDepth: 6_000n * E8 },
  // 100 BCH at $400
  'BCH.BCH': { assetDepth: 100n * E8, runeDepth: 8_000n * E8 },
}
const outboundFees: Record<string, bigint> = { BTC: 15_000n, DOGE: 2n * E8, BCH: 5_000n }

/** The user pays `amount` to the vault with `memo` (OP_RETURN), signed with the chain's library. */
async function deposit(
  chain: TestUtxoChain,
  user: Awaited<ReturnType<TestUtxoChain['fundKey']>>,
  to: string,
  amount: bigint,
  memo: string,
) {
  const { spec } = chain.node
  const [coin] = await chain.rpc.listUnspent(user.address)
  if (coin === undefined) throw new Error('the user has no coin')
  const tx = new spec.lib.Transaction()
    .from({ txId: coin.txid, outputIndex: coin.vout, script: coin.script, satoshis: Number(coin.satoshis) })
    .to(to, Number(amount))
    .addData(Buffer.from(memo, 'utf8'))
    .change(user.address)
    .fee(spec.feeRateSatPerVbyte * 400)
    .sign(user.key)
  const txid = await chain.node.sendRawTransaction(tx.serialize(true))
  await chain.node.mineBlock()
  return txid
}

const received = async (chain: TestUtxoChain, address: string) =>
  (await chain.rpc.listUnspent(address)).reduce((sum, coin) => sum + coin.satoshis, 0n)

describe('createLiquidityNetwork (BTC and DOGE devnet ledgers)', () => {
  let btc: TestUtxoChain
  let doge: TestUtxoChain
  let bch: TestUtxoChain
  let dataDir: string
  let chains: NetworkChainAdapter[]
  let flakyDoge: NetworkChainAdapter

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'liquidity-network-'))
    btc = await startTestUtxoChain(bitcoinSpec())
    doge = await startTestUtxoChain(dogecoinSpec())
    bch = await startTestUtxoChain(bitcoinCashSpec())
    const served: [TestUtxoChain, string][] = [
      [btc, 'BTC'],
      [doge, 'DOGE'],
      [bch, 'BCH'],
    ]
    chains = served.map(([c, chain]) =>
      createUtxoChainAdapter({
        chain,
        vault: createUtxoVault(c.node.spec, c.rpc),
        rpc: c.rpc,
        outboundFee: outboundFees[chain] ?? 0n,
      }),
    )
    // the node refuses every payout (a crash between signing and broadcasting)
    flakyDoge = createUtxoChainAdapter({
      chain: 'DOGE',
      vault: createUtxoVault(doge.node.spec, doge.rpc),
      rpc: { ...doge.rpc, sendRawTransaction: () => Promise.reject(new Error('connection reset')) },
      outboundFee: outboundFees.DOGE ?? 0n,
    })
    // the vaults hold what the pools say they hold
    for (const [index, [c, chain]] of served.entries()) {
      const depth = initialPools[`${chain}.${chain}` as keyof typeof initialPools].assetDepth
      await c.node.fund(chains[index]?.vault.address ?? '', Number(depth))
      await c.node.mineBlock()
    }
  })
  afterAll(async () => {
    await btc?.close()
    await doge?.close()
    await bch?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('BTC to DOGE pays exactly the quote; an invalid memo refunds; a restart mid-payment pays once', async () => {
    const network = await createLiquidityNetwork({ chains, initialPools, dataDir })
    await network.tick() // starts at the tips
    const user = await btc.fundKey('liquidity test user', 50_000_000)
    const dogeReceiver = (await doge.fundKey('liquidity test receiver', 100_000_000)).address
    const before = await received(doge, dogeReceiver)

    const quote = quoteSwap({
      pools: network.pools(),
      from: 'BTC.BTC',
      to: 'DOGE.DOGE',
      amount: 10_000_000n,
      destination: dogeReceiver,
      toleranceBps: 100,
      outboundFeeOf: network.outboundFeeOf,
      now: 0,
      validForSeconds: 900,
    })
    // 0.1 BTC ($6,500) -> 127,438,486,422 RUNE -> 28,899.43 DOGE emitted, less the 2 DOGE outbound fee
    expect(quote.expected_amount_out).toBe('2889743165643')
    const vault = network.vaultOf('BTC')?.address ?? ''
    const swapTx = await deposit(btc, user, vault, 10_000_000n, quote.memo ?? '')
    await network.tick()
    expect(network.getInbound(swapTx)).toMatchObject({ kind: 'swap', outbound: { status: 'sent' } })
    await doge.node.mineBlock()
    expect((await received(doge, dogeReceiver)) - before).toBe(2_889_743_165_643n)

    // an invalid memo: the deposit minus the BTC outbound fee goes back to the sender
    const userBefore = await received(btc, user.address)
    const refundTx = await deposit(btc, user, vault, 1_000_000n, 'not a memo')
    const afterDeposit = await received(btc, user.address)
    await network.tick()
    await btc.node.mineBlock()
    expect(network.getInbound(refundTx)).toMatchObject({
      kind: 'refund',
      reason: 'invalid memo: not a swap memo: not a memo',
    })
    expect((await received(btc, user.address)) - afterDeposit).toBe(1_000_000n - 15_000n)
    expect(userBefore - afterDeposit).toBe(1_000_000n + 400n * 2n)

    // the node refuses the payout once (a crash between signing and broadcasting): a restart sends the same
    // signed transaction, and nothing is paid twice
    const crashing = await createLiquidityNetwork({
      chains: chains.map((c) => (c.chain === 'DOGE' ? flakyDoge : c)),
      initialPools,
      dataDir,
    })
    const second = quoteSwap({
      pools: crashing.pools(),
      from: 'BTC.BTC',
      to: 'DOGE.DOGE',
      amount: 5_000_000n,
      destination: dogeReceiver,
      outboundFeeOf: crashing.outboundFeeOf,
      now: 0,
      validForSeconds: 900,
    })
    const secondTx = await deposit(btc, user, vault, 5_000_000n, second.memo ?? '')
    await crashing.tick()
    const signed = crashing.getInbound(secondTx)?.outbound
    expect(signed?.status).toBe('signed')
    await crashing.stop()
    const beforeRestart = await received(doge, dogeReceiver)

    const restarted = await createLiquidityNetwork({ chains, initialPools, dataDir })
    await restarted.tick()
    await restarted.tick()
    expect(restarted.getInbound(secondTx)?.outbound).toMatchObject({
      status: 'sent',
      payment: { txid: signed?.payment?.txid },
    })
    await doge.node.mineBlock()
    await restarted.tick()
    await doge.node.mineBlock()
    expect((await received(doge, dogeReceiver)) - beforeRestart).toBe(BigInt(second.expected_amount_out))
    await restarted.stop()
  }, 60_000)

  it('BCH (CashAddr, FORKID signatures) to BTC pays exactly the quote to a bcrt1 address', async () => {
    const network = await createLiquidityNetwork({ chains, initialPools })
    await network.tick()
    const user = await bch.fundKey('liquidity test bch user', 200_000_000)
    expect(user.address).toMatch(/^bchreg:q/)
    const btcReceiver = (await btc.fundKey('liquidity test btc receiver', 10_000)).address
    expect(btcReceiver).toMatch(/^bcrt1q/)
    const before = await received(btc, btcReceiver)
    const quote = quoteSwap({
      pools: network.pools(),
      from: 'BCH.BCH',
      to: 'BTC.BTC',
      amount: E8,
      destination: btcReceiver,
      outboundFeeOf: network.outboundFeeOf,
      now: 0,
      validForSeconds: 900,
    })
    expect(quote.memo).toBe(`=:b:${btcReceiver}:0`)
    // 1 BCH -> 7,842,368,395 RUNE -> 602,531 sat emitted, less the 15,000 sat outbound fee
    expect(quote.expected_amount_out).toBe('587531')
    const txId = await deposit(bch, user, network.vaultOf('BCH')?.address ?? '', E8, quote.memo ?? '')
    await network.tick()
    await btc.node.mineBlock()
    expect(network.getInbound(txId)).toMatchObject({ kind: 'swap', outbound: { status: 'sent' } })
    expect((await received(btc, btcReceiver)) - before).toBe(587_531n)
    await network.stop()
  }, 60_000)

  it("THORNode's API: inbound addresses, pools, a quote whose memo pays exactly, then the status with the payout", async () => {
    const network = await createLiquidityNetwork({ chains, initialPools })
    await network.tick()
    const api = createThornodeApi({
      network,
      chains: [
        { chain: 'BTC', blockSeconds: 600 },
        { chain: 'DOGE', blockSeconds: 60 },
      ],
      now: () => 1_700_000_000,
    })
    const get = async <T = Record<string, unknown>>(url: string) => {
      const res = await api.request(url)
      return { status: res.status, body: (await res.json()) as T }
    }
    const inbound = await get<{ chain: string }[]>('/thorchain/inbound_addresses')
    expect(inbound.body.map((a) => a.chain)).toEqual(['BTC', 'DOGE'])
    expect(inbound.body[0]).toMatchObject({
      address: network.vaultOf('BTC')?.address,
      halted: false,
      gas_rate: '2',
      gas_rate_units: 'satsperbyte',
      outbound_fee: '15000',
    })
    expect((await get<unknown[]>('/thorchain/pools')).body).toContainEqual({
      asset: 'DOGE.DOGE',
      status: 'Available',
      balance_asset: '20000000000000',
      balance_rune: '600000000000',
    })

    const user = await btc.fundKey('liquidity api user', 20_000_000)
    const receiver = (await doge.fundKey('liquidity api receiver', 100_000_000)).address
    const before = await received(doge, receiver)
    const quote = await get(
      `/thorchain/quote/swap?from_asset=BTC.BTC&to_asset=DOGE.DOGE&amount=10000000&destination=${receiver}&tolerance_bps=100`,
    )
    expect(quote.status).toBe(200)
    expect(quote.body).toMatchObject({
      inbound_address: network.vaultOf('BTC')?.address,
      expected_amount_out: '2889743165643',
      memo: `=:d:${receiver}:2860845733986`,
      expiry: 1_700_000_900,
      inbound_confirmation_seconds: 600,
      total_swap_seconds: 660,
      recommended_gas_rate: '2',
    })
    const txId = await deposit(
      btc,
      user,
      String(quote.body.inbound_address),
      10_000_000n,
      String(quote.body.memo),
    )
    await network.tick()
    await doge.node.mineBlock()
    expect((await received(doge, receiver)) - before).toBe(2_889_743_165_643n)
    const status = await get(`/thorchain/tx/status/${txId.toUpperCase()}`)
    expect(status.body).toMatchObject({
      tx: {
        id: txId,
        chain: 'BTC',
        from_address: user.address,
        coins: [{ asset: 'BTC.BTC', amount: '10000000' }],
      },
      stages: { inbound_observed: { completed: true }, outbound_signed: { completed: true } },
      out_txs: [
        {
          chain: 'DOGE',
          to_address: receiver,
          coins: [{ asset: 'DOGE.DOGE', amount: '2889743165643' }],
          memo: `OUT:${txId}`,
        },
      ],
    })

    expect((await get('/thorchain/quote/swap?from_asset=BTC.BTC&to_asset=BTC.BTC&amount=1')).status).toBe(400)
    expect(
      (await get('/thorchain/quote/swap?from_asset=LTC.LTC&to_asset=BTC.BTC&amount=100000')).body,
    ).toMatchObject({
      message: 'pool LTC.LTC does not exist',
    })
    expect((await get(`/thorchain/tx/status/${'00'.repeat(32)}`)).status).toBe(404)
    await network.stop()
  }, 60_000)
})
