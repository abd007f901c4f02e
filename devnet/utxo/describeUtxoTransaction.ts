import type { Transaction } from 'bitcore-lib'
import { sha256d } from './sha256d'
import type { UtxoChainSpec } from './utxoChainSpecs'

/** `scriptPubKey.type` as Bitcoin Core names it, from the script's template. */
export function classifyScript(hex: string): string {
  if (/^0014[0-9a-f]{40}$/.test(hex)) return 'witness_v0_keyhash'
  if (/^0020[0-9a-f]{64}$/.test(hex)) return 'witness_v0_scripthash'
  if (/^5120[0-9a-f]{64}$/.test(hex)) return 'witness_v1_taproot'
  if (/^76a914[0-9a-f]{40}88ac$/.test(hex)) return 'pubkeyhash'
  if (/^a914[0-9a-f]{40}87$/.test(hex)) return 'scripthash'
  if (hex.startsWith('6a')) return 'nulldata'
  return 'nonstandard'
}

/** Satoshis as Bitcoin Core's JSON amount (a number of whole coins with 8 decimals). */
export function toCoins(satoshis: number): number {
  return Number((satoshis / 1e8).toFixed(8))
}

/**
 * A transaction in the JSON of Bitcoin Core's `decoderawtransaction` / `getrawtransaction true`: txid, wtxid,
 * sizes (weight = 3 x stripped size + full size), inputs (`coinbase` for the coinbase), outputs with value in
 * coins, script hex, type and address.
 */
export function describeUtxoTransaction(spec: UtxoChainSpec, raw: string) {
  const tx: Transaction = new spec.lib.Transaction(raw)
  const size = raw.length / 2
  const stripped = tx.toBuffer(true).length
  const weight = stripped * 3 + size
  return {
    txid: tx.hash,
    hash: size === stripped ? tx.hash : sha256d(Buffer.from(raw, 'hex')).reverse().toString('hex'),
    version: tx.version,
    size,
    vsize: Math.ceil(weight / 4),
    weight,
    locktime: tx.nLockTime,
    vin: tx.inputs.map((input) => {
      if (tx.isCoinbase()) return { coinbase: coinbaseScriptOf(raw), sequence: input.sequenceNumber }
      // bitcore-lib-doge has the method but answers undefined (Dogecoin has no segwit)
      const witnesses = input.getWitnesses?.() ?? []
      return {
        txid: input.prevTxId.toString('hex'),
        vout: input.outputIndex,
        scriptSig: { asm: input.script.toString(), hex: input.script.toHex() },
        ...(witnesses.length > 0 ? { txinwitness: witnesses.map((w) => w.toString('hex')) } : {}),
        sequence: input.sequenceNumber,
      }
    }),
    vout: tx.outputs.map((output, n) => {
      const hex = output.script.toHex()
      const address = hex.startsWith('6a') ? false : output.script.toAddress(spec.network)
      return {
        value: toCoins(output.satoshis),
        n,
        scriptPubKey: {
          asm: output.script.toString(),
          hex,
          type: classifyScript(hex),
          ...(address ? { address: address.toString() } : {}),
        },
      }
    }),
    hex: raw,
  }
}

/** The script of a coinbase input, read from the raw bytes (bitcore does not parse it as a script). */
function coinbaseScriptOf(raw: string): string {
  const bytes = Buffer.from(raw, 'hex')
  // version (4), a segwit marker and flag when present, input count (1), null outpoint (36)
  const start = 4 + (bytes[4] === 0 && bytes[5] === 1 ? 2 : 0) + 1 + 36
  const length = bytes[start] ?? 0
  return bytes.subarray(start + 1, start + 1 + length).toString('hex')
}
