import { Address, OutScript, p2pkh, p2wpkh, Script, Transaction } from '@scure/btc-signer'
import { concatBytes, pubECDSA, signECDSA } from '@scure/btc-signer/utils.js'
import { hexToBytes } from 'viem'
import { ClientError } from '../../../lib/ClientError'
import { decodeCashAddr } from './decodeCashAddr'
import { toScureNetwork } from './toScureNetwork'
import type { UtxoNetworkParams } from './utxoNetworkParams'

/** A coin the wallet can spend. */
export interface SpendableCoin {
  txid: string
  vout: number
  /** scriptPubKey, hex. */
  script: string
  satoshis: bigint
}

/** A signed deposit, ready to broadcast. */
export interface SignedDeposit {
  hex: string
  txid: string
  fee: bigint
  /** Satoshis back to the wallet (0 when the rest went to the fee). */
  change: bigint
  /** Outpoints (`txid:vout`) it spends. */
  spends: string[]
}

/** SIGHASH_ALL | SIGHASH_FORKID: Bitcoin Cash's signature hash type. */
const SIGHASH_ALL_FORKID = 0x41
const SIGHASH_ALL = 0x01

/** Virtual bytes per input and output of a one-key wallet, and of the transaction's frame. */
const inputVbytes = { p2wpkh: 68, p2pkh: 148 } as const
const OUTPUT_VBYTES = 34
const FRAME_VBYTES = 11

/**
 * Builds and signs the liquidity network's deposit from a one-key wallet: exactly `amount` to the inbound
 * `address` (output 0), the memo in an OP_RETURN output (output 1; none for a memoless deposit, whose memo
 * is empty), and change back to the wallet when it is above dust. Coins are taken largest first; the fee is the chain's rate times an upper bound of the size.
 * Signs BIP143 segwit v0 (Bitcoin, Litecoin), legacy (Dogecoin) or Bitcoin Cash's FORKID hash. Throws
 * `ClientError` `INSUFFICIENT_FUNDS` when the coins do not cover amount and fee. Pure.
 */
export function buildUtxoDeposit(params: {
  network: UtxoNetworkParams
  privateKey: Uint8Array
  coins: readonly SpendableCoin[]
  deposit: { address: string; amount: bigint; memo: string }
}): SignedDeposit {
  const { network, privateKey, deposit } = params
  const scureNetwork = toScureNetwork(network)
  const publicKey = pubECDSA(privateKey, true)
  const ownScript =
    network.script === 'p2wpkh'
      ? p2wpkh(publicKey, scureNetwork).script
      : p2pkh(publicKey, scureNetwork).script
  const memo = new TextEncoder().encode(deposit.memo)
  // a memoless deposit writes no OP_RETURN: its amount tells the network the memo
  const memoScript = memo.length === 0 ? undefined : Script.encode(['RETURN', memo])
  const rate = BigInt(Math.ceil(network.feeRateSatPerVbyte))
  const memoVbytes = memoScript === undefined ? 0 : memoScript.length + 9
  const feeFor = (inputs: number) =>
    rate * BigInt(FRAME_VBYTES + inputs * inputVbytes[network.script] + 2 * OUTPUT_VBYTES + memoVbytes)
  // change worth less than the fee of spending it later goes to the fee
  const dust = rate * 200n > 546n ? rate * 200n : 546n

  const sorted = [...params.coins].sort((a, b) =>
    b.satoshis > a.satoshis ? 1 : b.satoshis < a.satoshis ? -1 : 0,
  )
  const picked: SpendableCoin[] = []
  let total = 0n
  for (const coin of sorted) {
    if (total >= deposit.amount + feeFor(picked.length)) break
    picked.push(coin)
    total += coin.satoshis
  }
  const fullFee = feeFor(picked.length)
  if (picked.length === 0 || total < deposit.amount + fullFee)
    throw new ClientError(
      'INSUFFICIENT_FUNDS',
      `The wallet holds ${total} sat; the deposit needs ${deposit.amount + fullFee} sat with the fee`,
    )
  const rest = total - deposit.amount - fullFee
  const change = rest >= dust ? rest : 0n
  const fee = total - deposit.amount - change

  const tx = new Transaction({ allowUnknownOutputs: true, allowLegacyWitnessUtxo: true, version: 2 })
  for (const coin of picked)
    tx.addInput({
      txid: coin.txid,
      index: coin.vout,
      witnessUtxo: { script: hexToBytes(`0x${coin.script}`), amount: coin.satoshis },
    })
  tx.addOutput({ script: outputScriptOf(network, deposit.address), amount: deposit.amount })
  if (memoScript !== undefined) tx.addOutput({ script: memoScript, amount: 0n })
  if (change > 0n) tx.addOutput({ script: ownScript, amount: change })

  if (network.sighash === 'forkid') {
    picked.forEach((coin, index) => {
      const preimageHash = tx.preimageWitnessV0(index, ownScript, SIGHASH_ALL_FORKID, coin.satoshis)
      const signature = concatBytes(signECDSA(preimageHash, privateKey), new Uint8Array([SIGHASH_ALL_FORKID]))
      tx.updateInput(index, { finalScriptSig: Script.encode([signature, publicKey]) }, true)
    })
  } else {
    picked.forEach((_, index) => {
      tx.signIdx(privateKey, index, [SIGHASH_ALL])
    })
    tx.finalize()
  }
  return {
    hex: tx.hex,
    txid: tx.id,
    fee,
    change,
    spends: picked.map((coin) => `${coin.txid}:${coin.vout}`),
  }
}

/** The scriptPubKey paying `address` on the chain (CashAddr on Bitcoin Cash, scure's decoder elsewhere). */
function outputScriptOf(network: UtxoNetworkParams, address: string): Uint8Array {
  if (network.cashAddrPrefix !== undefined) {
    const { kind, hash } = decodeCashAddr(network.cashAddrPrefix, address)
    return OutScript.encode(kind === 'p2pkh' ? { type: 'pkh', hash } : { type: 'sh', hash })
  }
  return OutScript.encode(Address(toScureNetwork(network)).decode(address))
}
