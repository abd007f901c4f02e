import { decodeTxRaw } from '@cosmjs/proto-signing'
import { sha256 } from '@noble/hashes/sha2'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { describe, expect, it } from 'vitest'
import { cosmosHubSpec } from '../../../../devnet/cosmos/cosmosHubSpec'
import { createCosmosLedger } from '../../../../devnet/cosmos/createCosmosLedger'
import { ClientError } from '../../../lib/ClientError'
import { getCosmosWalletSigner } from './getCosmosWalletSigner'
import { signCosmosDeposit } from './signCosmosDeposit'

const spec = cosmosHubSpec()
const network = { cosmosChainId: 'cosmoshub-devnet', denom: 'uatom', gasLimit: '200000', fee: '1000' }
const memo = '=:ETH.ETH:0x0000000000000000000000000000000000000001'
const keyOf = (name: string) => sha256(new TextEncoder().encode(name))

describe('signCosmosDeposit', () => {
  it('signs one MsgSend with the memo that the ledger (real CheckTx and DeliverTx) accepts to the uatom', async () => {
    const { signer, address } = await getCosmosWalletSigner(keyOf('deposit payer'), 'cosmos')
    const vault = (await getCosmosWalletSigner(keyOf('deposit vault'), 'cosmos')).address
    const ledger = createCosmosLedger(spec, [{ address, denom: 'uatom', amount: 10_000_000n }])
    const account = ledger.getAccount(address)
    if (account === undefined) throw new Error('no genesis account')
    const deposit = { address: vault, amount: 2_500_000n, memo }

    const signed = await signCosmosDeposit({
      signer,
      from: address,
      network,
      account: { accountNumber: account.accountNumber, sequence: 0, balance: 10_000_000n },
      deposit,
    })
    const decoded = decodeTxRaw(signed.txBytes)
    expect(decoded.body.memo).toBe(memo)
    expect(decoded.body.messages.map((m) => [m.typeUrl, MsgSend.decode(m.value)])).toEqual([
      [
        '/cosmos.bank.v1beta1.MsgSend',
        { fromAddress: address, toAddress: vault, amount: [{ denom: 'uatom', amount: '2500000' }] },
      ],
    ])
    expect(decoded.authInfo.fee?.amount).toEqual([{ denom: 'uatom', amount: '1000' }])
    expect(decoded.authInfo.fee?.gasLimit).toBe(200_000n)
    expect(Buffer.from(signed.txBase64, 'base64')).toEqual(Buffer.from(signed.txBytes))

    expect(ledger.checkTx(signed.txBytes).hash).toBe(signed.txHash)
    ledger.commitBlock(1_700_000_000_000)
    expect(ledger.getTx(signed.txHash)?.code).toBe(0)
    expect(ledger.getBalance(vault, 'uatom')).toBe(2_500_000n)
    expect(ledger.getBalance(address, 'uatom')).toBe(10_000_000n - 2_500_000n - 1_000n)
    expect(ledger.getAccount(address)?.sequence).toBe(1n)
  })

  it('refuses a deposit the balance does not cover with its fee', async () => {
    const { signer, address } = await getCosmosWalletSigner(keyOf('poor payer'), 'cosmos')
    const attempt = signCosmosDeposit({
      signer,
      from: address,
      network,
      account: { accountNumber: 3n, sequence: 0, balance: 2_500_999n },
      deposit: { address, amount: 2_500_000n, memo },
    })
    await expect(attempt).rejects.toBeInstanceOf(ClientError)
    await expect(attempt).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' })
  })
})
