import { createHash } from 'node:crypto'
import type { PrivateKey } from 'bitcore-lib'
import type { BitcoinRpcClient } from '../utxo/createBitcoinRpcClient'
import type { UtxoChainSpec } from '../utxo/utxoChainSpecs'

/** A signed payment of the vault, kept before it is broadcast so a restart sends the same transaction. */
export interface SignedPayment {
  txid: string
  hex: string
  /** Outpoints (`txid:vout`) it spends. */
  spends: string[]
}

/** The liquidity network's vault on one UTXO chain: its address and a signer for payments with a memo. */
export interface UtxoVault {
  readonly spec: UtxoChainSpec
  readonly address: string
  /**
   * Signs a payment of `amount` satoshis to `to` with an OP_RETURN `memo`, change back to the vault, from
   * confirmed coins not in `reserved` (outpoints of payments signed but not yet mined). Throws when the
   * vault's free coins cannot pay it and the fee.
   */
  signPayment(params: {
    to: string
    amount: bigint
    memo: string
    reserved: ReadonlySet<string>
  }): Promise<SignedPayment>
}

/** Virtual bytes a vault payment is charged for (2 inputs, 3 outputs with an 80-byte memo, rounded up). */
const PAYMENT_VBYTES = 400

/**
 * The devnet vault of the liquidity network on one UTXO chain: a key derived from the chain's symbol (devnet
 * only), coins read through the chain's Bitcoin Core RPC (`scantxoutset`) and transactions built and signed
 * with the chain's own library (segwit for Bitcoin, FORKID for Bitcoin Cash, legacy for Dogecoin).
 */
export function createUtxoVault(spec: UtxoChainSpec, rpc: BitcoinRpcClient): UtxoVault {
  const key: PrivateKey = new spec.lib.PrivateKey(
    createHash('sha256').update(`tributary devnet ${spec.symbol} liquidity vault`).digest('hex'),
    spec.network,
  )
  const address = key.toAddress(spec.network, spec.addressType).toString()
  return {
    spec,
    address,
    async signPayment({ to, amount, memo, reserved }) {
      const fee = BigInt(spec.feeRateSatPerVbyte * PAYMENT_VBYTES)
      const coins = (await rpc.listUnspent(address))
        .filter((coin) => !reserved.has(`${coin.txid}:${coin.vout}`))
        .sort((a, b) => (b.satoshis > a.satoshis ? 1 : b.satoshis < a.satoshis ? -1 : 0))
      const picked: typeof coins = []
      let total = 0n
      for (const coin of coins) {
        if (total >= amount + fee) break
        picked.push(coin)
        total += coin.satoshis
      }
      if (total < amount + fee)
        throw new Error(`the ${spec.symbol} vault has ${total} free sat, not ${amount + fee}`)
      const tx = new spec.lib.Transaction()
        .from(
          picked.map((coin) => ({
            txId: coin.txid,
            outputIndex: coin.vout,
            script: coin.script,
            satoshis: Number(coin.satoshis),
          })),
        )
        // a memo's CashAddr comes without its prefix: the address is read on the vault's network
        .to(new spec.lib.Address(to, spec.network), Number(amount))
        .addData(Buffer.from(memo, 'utf8'))
        .change(address)
        .fee(Number(fee))
        .sign(key)
      return {
        txid: tx.id,
        hex: tx.serialize(true),
        spends: picked.map((coin) => `${coin.txid}:${coin.vout}`),
      }
    },
  }
}
