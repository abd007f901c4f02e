import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing'
import { describe, expect, it } from 'vitest'
import { signMsgDeposit } from '../../server/providers/thorchain/signMsgDeposit'
import { CosmosTxError } from '../cosmos/CosmosTxError'
import { createThorchainGenesis, createThorchainLedger, type ThorchainLedger } from './createThorchainLedger'
import { devnetThorchainKey } from './devnetThorchainKey'
import { type ThorchainSpec, thorchainSpec } from './thorchainSpec'

const key = devnetThorchainKey('ledger test registrar')
const poorKey = devnetThorchainKey('ledger test poor')
const strangerKey = devnetThorchainKey('ledger test stranger')
const swapMemo = '=:DOGE.DOGE:DCUcuRmgMYZMhpWbPLeefh7Xb3oLkmPg3V:100000000'

const addressOf = async (k: Uint8Array) => {
  const [account] = await (await DirectSecp256k1Wallet.fromKey(k, 'thor')).getAccounts()
  if (account === undefined) throw new Error('no account')
  return account.address
}

async function start(spec: ThorchainSpec = thorchainSpec()) {
  const [registrar, poor] = await Promise.all([addressOf(key), addressOf(poorKey)])
  const state = createThorchainGenesis([
    { address: registrar, rune: 10n ** 10n },
    { address: poor, rune: 1_000_000n },
  ])
  const ledger = createThorchainLedger({
    spec,
    state,
    isRegistrable: (asset) => asset === 'BTC.BTC' || asset === 'DOGE.DOGE',
  })
  return { ledger, state, registrar, poor }
}

/** Signs a registration of `memo` by `k` at the account's next sequence (as the mempool leaves it). */
const sign = (ledger: ThorchainLedger, k: Uint8Array, memo: string, sequence: bigint, accountNumber = 0n) =>
  signMsgDeposit({ key: k, prefix: 'thor', chainId: ledger.spec.chainId, accountNumber, sequence, memo })

const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error: unknown) {
    if (error instanceof CosmosTxError) return [error.code, error.message]
    throw error
  }
  return undefined
}

describe('createThorchainLedger', () => {
  it('registers a memo for a reference, charging the native fee, and answers it by hash and by reference', async () => {
    const { ledger, registrar } = await start()
    const first = await sign(ledger, key, `REFERENCE:BTC.BTC:${swapMemo}`, 0n)
    expect(first.signer).toBe(registrar)
    expect(ledger.checkTx(first.txBytes)).toBe(first.hash)
    // in the mempool, not registered yet
    expect(ledger.getReferenceByHash(first.hash)).toBeUndefined()
    expect(ledger.getTx(first.hash)).toBeUndefined()
    const second = await sign(ledger, key, `reference:b:${swapMemo}:0/1/0`, 1n)
    ledger.checkTx(second.txBytes)
    ledger.commitBlock()
    expect(ledger.height()).toBe(1)
    expect(ledger.getTx(first.hash)).toEqual({
      hash: first.hash,
      height: 1,
      code: 0,
      log: '',
      memo: `REFERENCE:BTC.BTC:${swapMemo}`,
    })
    expect(ledger.getReferenceByHash(first.hash.toLowerCase())).toEqual({
      asset: 'BTC.BTC',
      memo: swapMemo,
      reference: '00001',
      height: 1,
      registrationHash: first.hash,
      registeredBy: registrar,
      usedByTxs: [],
    })
    expect(ledger.getReference('BTC.BTC', '2')?.memo).toBe(`${swapMemo}:0/1/0`)
    expect(ledger.getAccount(registrar)).toMatchObject({ sequence: 2n, rune: 10n ** 10n - 4_000_000n })
  })

  it('refuses what the SDK and THORChain refuse, and fails a message that is no registration after its fee', async () => {
    const { ledger, poor } = await start()
    const wrongChain = await signMsgDeposit({
      key,
      prefix: 'thor',
      chainId: 'thorchain-1',
      accountNumber: 0n,
      sequence: 0n,
      memo: `REFERENCE:BTC.BTC:${swapMemo}`,
    })
    expect(refusal(() => ledger.checkTx(wrongChain.txBytes))).toEqual([
      4,
      'signature verification failed; please verify account number (0), sequence (0) and chain-id (thorchain-devnet): unauthorized',
    ])
    const ahead = await sign(ledger, key, `REFERENCE:BTC.BTC:${swapMemo}`, 1n)
    expect(refusal(() => ledger.checkTx(ahead.txBytes))).toEqual([
      32,
      'account sequence mismatch, expected 0, got 1: incorrect account sequence',
    ])
    const stranger = await sign(ledger, strangerKey, `REFERENCE:BTC.BTC:${swapMemo}`, 0n)
    expect(refusal(() => ledger.checkTx(stranger.txBytes))?.[0]).toBe(9)
    // 1,000,000 RUNE units pay no 0.02 RUNE fee
    const poorTx = await sign(ledger, poorKey, `REFERENCE:BTC.BTC:${swapMemo}`, 0n, 1n)
    expect(refusal(() => ledger.checkTx(poorTx.txBytes))).toEqual([
      5,
      '1000000rune is smaller than the native fee 2000000rune: insufficient funds',
    ])
    expect(ledger.getAccount(poor)?.sequence).toBe(0n)
    const long = await sign(ledger, key, `REFERENCE:BTC.BTC:${swapMemo}:${'x'.repeat(250)}`, 0n)
    expect(refusal(() => ledger.checkTx(long.txBytes))?.[0]).toBe(6)
    const notSwap = await sign(ledger, key, 'REFERENCE:BTC.BTC:ADD:BTC.BTC', 0n)
    ledger.checkTx(notSwap.txBytes)
    expect(refusal(() => ledger.checkTx(notSwap.txBytes))?.[0]).toBe(19)
    const eth = await sign(ledger, key, `REFERENCE:ETH.ETH:${swapMemo}`, 1n)
    ledger.checkTx(eth.txBytes)
    ledger.commitBlock()
    expect(ledger.getTx(notSwap.hash)).toMatchObject({
      code: 6,
      log: 'invalid memo: embedded memo is invalid: not a swap memo: ADD: unknown request',
    })
    expect(ledger.getTx(eth.hash)).toMatchObject({
      code: 6,
      log: 'memoless deposits of ETH.ETH are not served: unknown request',
    })
    expect(ledger.getAccount(await addressOf(key))).toMatchObject({
      sequence: 2n,
      rune: 10n ** 10n - 4_000_000n,
    })
  })

  it('resolves a deposit without a memo once, observed after the registration and before its expiry', async () => {
    const spec = thorchainSpec()
    const { ledger } = await start({ ...spec, memoless: { ...spec.memoless, ttlBlocks: 10 } })
    for (let sequence = 0n; sequence < 3n; sequence++)
      ledger.checkTx((await sign(ledger, key, `REFERENCE:BTC.BTC:${swapMemo}:${sequence}`, sequence)).txBytes)
    ledger.commitBlock()
    const deposit = (txId: string, amountE8: bigint, observedHeight: number) =>
      ledger.resolveMemoless({ asset: 'BTC.BTC', amountE8, txId, observedHeight })
    // observed in the registration's own block: before it, as far as the network can tell
    expect(deposit('aa', 1_000_001n, 1)).toEqual({
      memo: '',
      reference: '00001',
      reason: 'observed before reference 00001 was registered',
    })
    expect(deposit('bb', 2_500_002n, 2)).toEqual({ memo: `${swapMemo}:1`, reference: '00002' })
    // the same inbound read again (a rollback) resolves again; another inbound finds the use spent
    expect(deposit('bb', 2_500_002n, 3)).toEqual({ memo: `${swapMemo}:1`, reference: '00002' })
    expect(deposit('cc', 7_700_002n, 3)).toEqual({
      memo: '',
      reference: '00002',
      reason: 'reference 00002 was used 1 times already',
    })
    expect(ledger.getReference('BTC.BTC', '00002')?.usedByTxs).toEqual(['bb', 'cc'])
    // registered in block 1 for 10 blocks: good in block 10, expired in block 11
    expect(deposit('dd', 100_003n, 11)).toEqual({
      memo: '',
      reference: '00003',
      reason: 'the registration of reference 00003 expired',
    })
    expect(deposit('ee', 100_000n, 2)).toEqual({
      memo: '',
      reason: 'no memo, and no memoless reference in the amount',
    })
    expect(deposit('ff', 100_004n, 2)).toEqual({
      memo: '',
      reference: '00004',
      reason: 'no memo registered for reference 00004',
    })
    expect(
      ledger.resolveMemoless({ asset: 'DOGE.DOGE', amountE8: 100_002n, txId: 'gg', observedHeight: 2 }).memo,
    ).toBe('')
  })

  it('hands references out in turn, wraps past the count, and reuses an expired one', async () => {
    const spec = thorchainSpec()
    const { ledger } = await start({ ...spec, memoless: { ttlBlocks: 3, maxUse: 1, refCount: 3 } })
    let sequence = 0n
    const register = async (memo: string) => {
      const tx = await sign(ledger, key, `REFERENCE:BTC.BTC:${memo}`, sequence++)
      ledger.checkTx(tx.txBytes)
      return tx.hash
    }
    const hashes = [await register(`${swapMemo}:1`), await register(`${swapMemo}:2`)]
    ledger.commitBlock()
    hashes.push(await register(`${swapMemo}:3`), await register(`${swapMemo}:4`))
    ledger.commitBlock()
    expect(hashes.map((hash) => ledger.getReferenceByHash(hash)?.reference)).toEqual([
      '1',
      '2',
      '3',
      undefined,
    ])
    expect(ledger.getTx(hashes[3] ?? '')).toMatchObject({
      code: 6,
      log: 'unable to find an available reference: unknown request',
    })
    ledger.commitBlock()
    // block 4: the registrations of block 1 (live through block 3) have expired; the search starts after 3
    const reused = await register(`${swapMemo}:5`)
    ledger.commitBlock()
    expect(ledger.getReferenceByHash(reused)).toMatchObject({ reference: '1', height: 4 })
    expect(ledger.checkReference('BTC.BTC', 11n)).toEqual({
      reference: '1',
      available: false,
      canRegister: false,
      expiresAt: 7,
      usageCount: 0,
      maxUse: 1,
      memo: `${swapMemo}:5`,
    })
    expect(ledger.checkReference('BTC.BTC', 12n)).toEqual({
      reference: '2',
      available: true,
      canRegister: true,
      expiresAt: 0,
      usageCount: 0,
      maxUse: 1,
    })
    expect(ledger.checkReference('BTC.BTC', 10n)).toBeUndefined()
  })
})
