import { describe, expect, it } from 'vitest'
import type { UtxoNodeTx } from '../../chains/createUtxoNodeClient'
import { toMempoolDeposit } from './toMempoolDeposit'

const BTC = -3980891822
const DOGE = -3143381382
const GAIA = -978111860
const zero = '0x0000000000000000000000000000000000000000'
const vault = 'bcrt1qvaultxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'
const sender = 'bcrt1qsenderxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'
const receiver = 'nReceiverDogeAddressxxxxxxxxxxxxxx'
// short enough that the memo fits one OP_RETURN push (80 bytes)
const refundTo = 'bcrt1qrefund'
const memo = `=:DOGE.DOGE:${receiver}:123456`
const seenAt = new Date('2026-11-30T22:00:00.250Z')
const txid = 'ab'.repeat(32)

const opReturn = (text: string) =>
  `6a${Buffer.from(text).length.toString(16).padStart(2, '0')}${Buffer.from(text).toString('hex')}`

const tx = (outputs: UtxoNodeTx['outputs']): UtxoNodeTx => ({
  txid,
  confirmations: 0,
  inputs: [{ txid: 'cd'.repeat(32), vout: 1 }],
  outputs,
})

const toVault = (n: number, satoshis: bigint) => ({
  n,
  satoshis,
  script: `0014${'11'.repeat(20)}`,
  address: vault,
})
const change = { n: 2, satoshis: 39_990_000n, script: `0014${'22'.repeat(20)}`, address: sender }

const match = (t: UtxoNodeTx, from = sender, chainIds = [BTC, DOGE]) =>
  toMempoolDeposit({ tx: t, sourceChainId: BTC, vault, sender: from, seenAt, chainIds })

describe('toMempoolDeposit', () => {
  it('reads a payment to the vault with a swap memo as a pending deposit, paid when first seen', () => {
    expect(
      match(tx([toVault(0, 10_000_000n), { n: 1, satoshis: 0n, script: opReturn(memo) }, change])),
    ).toEqual({
      originTxHash: txid,
      sourceChainId: BTC,
      destinationChainId: DOGE,
      state: 'PENDING',
      receivedDifferentTokens: false,
      sender,
      receiver,
      tokenIn: zero,
      tokenOut: zero,
      amountIn: 10_000_000n,
      observedAt: seenAt,
      memo,
      refundAddress: sender,
    })
  })

  it('adds every output to the vault, takes the memo refund address, and keeps an unknown sender empty', () => {
    const withRefund = `=:DOGE.DOGE:${receiver}/${refundTo}:123456`
    const deposit = match(
      tx([toVault(0, 9_999_999n), toVault(1, 1n), { n: 2, satoshis: 0n, script: opReturn(withRefund) }]),
      '',
    )
    expect(deposit).toMatchObject({
      amountIn: 10_000_000n,
      sender: '',
      refundAddress: refundTo,
      memo: withRefund,
    })
  })

  it.each([
    [
      'no output to the vault',
      tx([
        { ...change, n: 0 },
        { n: 1, satoshis: 0n, script: opReturn(memo) },
      ]),
      sender,
    ],
    [
      'no memo (memoless: read by the network from the amount)',
      tx([toVault(0, 10_000_000n), change]),
      sender,
    ],
    [
      'a memo that is no swap',
      tx([toVault(0, 1n), { n: 1, satoshis: 0n, script: opReturn('+:BTC.BTC') }]),
      sender,
    ],
    [
      "someone else's affiliate swap",
      tx([toVault(0, 1n), { n: 1, satoshis: 0n, script: opReturn(`=:DOGE.DOGE:${receiver}:1:xx:50`) }]),
      sender,
    ],
    ["the vault's own payment", tx([toVault(0, 1n), { n: 1, satoshis: 0n, script: opReturn(memo) }]), vault],
  ])('is undefined for %s', (_case, t, from) => {
    expect(match(t, from)).toBeUndefined()
  })

  it('is undefined for a pair not served, and for a source that is no UTXO chain', () => {
    const paid = tx([toVault(0, 10_000_000n), { n: 1, satoshis: 0n, script: opReturn(memo) }])
    expect(match(paid, sender, [BTC])).toBeUndefined()
    expect(
      toMempoolDeposit({ tx: paid, sourceChainId: GAIA, vault, sender, seenAt, chainIds: [GAIA, DOGE] }),
    ).toBeUndefined()
  })

  it('matches a Bitcoin Cash vault that THORNode writes without the CashAddr prefix the node writes', () => {
    const BCH = -174457306
    const bareVault = 'qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'
    const paid = tx([
      { n: 0, satoshis: 7_000n, script: '76a9', address: `bitcoincash:${bareVault}` },
      { n: 1, satoshis: 0n, script: opReturn(`=:DOGE.DOGE:${receiver}:1`) },
    ])
    expect(
      toMempoolDeposit({
        tx: paid,
        sourceChainId: BCH,
        vault: bareVault,
        sender,
        seenAt,
        chainIds: [BCH, DOGE],
      }),
    ).toMatchObject({ sourceChainId: BCH, destinationChainId: DOGE, amountIn: 7_000n })
  })

  it('reads the memo of the first OP_RETURN output only, as the network does', () => {
    const second = tx([
      toVault(0, 5n),
      { n: 1, satoshis: 0n, script: opReturn('+:BTC.BTC') },
      { n: 2, satoshis: 0n, script: opReturn(memo) },
    ])
    expect(match(second)).toBeUndefined()
  })
})
