import type { BitcoreLib, Network, Transaction } from 'bitcore-lib'
import bitcoreBtc from 'bitcore-lib'
import bitcoreBch from 'bitcore-lib-cash'
import bitcoreDoge from 'bitcore-lib-doge'
import { chainInfos } from '../../server/chains/chainInfo'

/** The output an input spends, as the ledger knows it. */
export interface PrevOut {
  readonly script: string
  readonly satoshis: number
}

/**
 * One UTXO chain of the devnet: its bitcore library (the maintained script interpreter of that chain), its
 * regtest network (address formats) and how one input is verified under that chain's consensus rules.
 */
export interface UtxoChainSpec {
  readonly chainId: number
  readonly symbol: string
  readonly lib: BitcoreLib
  readonly network: Network
  /** The address type new devnet keys use: `witnesspubkeyhash` (bech32) or `pubkeyhash`. */
  readonly addressType: 'witnesspubkeyhash' | 'pubkeyhash'
  /** Block subsidy of the devnet's blocks (paid to the devnet faucet). */
  readonly blockRewardSats: number
  /** The fee rate `estimatesmartfee` answers, in satoshis per virtual byte. */
  readonly feeRateSatPerVbyte: number
  /** Whether input `index` of `tx` may spend `prevOut`; the reason when not. */
  verifyInput(tx: Transaction, index: number, prevOut: PrevOut): { ok: true } | { ok: false; reason: string }
}

function flagsOf(lib: BitcoreLib, names: readonly string[]): number {
  let flags = 0
  for (const name of names) {
    const flag = lib.Script.Interpreter[name]
    if (typeof flag !== 'number') throw new Error(`script flag ${name} is missing from the interpreter`)
    flags |= flag
  }
  return flags
}

const standardFlags = [
  'SCRIPT_VERIFY_P2SH',
  'SCRIPT_VERIFY_STRICTENC',
  'SCRIPT_VERIFY_DERSIG',
  'SCRIPT_VERIFY_LOW_S',
  'SCRIPT_VERIFY_NULLFAIL',
  'SCRIPT_VERIFY_CHECKLOCKTIMEVERIFY',
  'SCRIPT_VERIFY_CHECKSEQUENCEVERIFY',
]

function chainIdOf(shortName: string): number {
  const info = chainInfos.find((c) => c.family === 'utxo' && c.shortName === shortName)
  if (!info) throw new Error(`no UTXO chain ${shortName}`)
  return info.id
}

const verdict = (ok: boolean, errstr: string) =>
  ok ? ({ ok: true } as const) : ({ ok: false, reason: errstr || 'script verification failed' } as const)

/** Bitcoin regtest: bech32 `bcrt1` P2WPKH keys, segwit verification with the spent amount. */
export function bitcoinSpec(): UtxoChainSpec {
  const lib = bitcoreBtc
  const flags = flagsOf(lib, [...standardFlags, 'SCRIPT_VERIFY_WITNESS'])
  return {
    chainId: chainIdOf('btc'),
    symbol: 'BTC',
    lib,
    network: lib.Networks.regtest,
    addressType: 'witnesspubkeyhash',
    blockRewardSats: 50_0000_0000,
    feeRateSatPerVbyte: 2,
    verifyInput(tx, index, prevOut) {
      const input = tx.inputs[index]
      if (!input) return { ok: false, reason: `no input ${index}` }
      const interpreter = new lib.Script.Interpreter()
      const witnesses = input.getWitnesses?.() ?? []
      const script = lib.Script.fromHex(prevOut.script)
      return verdict(
        interpreter.verify(input.script, script, tx, index, flags, witnesses, prevOut.satoshis),
        interpreter.errstr,
      )
    },
  }
}

/** Bitcoin Cash regtest: CashAddr `bchreg:` P2PKH keys, signatures must carry SIGHASH_FORKID. */
export function bitcoinCashSpec(): UtxoChainSpec {
  const lib = bitcoreBch
  // bitcore-lib-cash 11.5.1's LOW_S check parses the signature together with its hash-type byte and refuses
  // every signature, so that one policy flag is left out; DER, STRICTENC and NULLFAIL still apply.
  const flags = flagsOf(lib, [
    ...standardFlags.filter((flag) => flag !== 'SCRIPT_VERIFY_LOW_S'),
    'SCRIPT_ENABLE_SIGHASH_FORKID',
  ])
  return {
    chainId: chainIdOf('bch'),
    symbol: 'BCH',
    lib,
    network: lib.Networks.regtest,
    addressType: 'pubkeyhash',
    blockRewardSats: 50_0000_0000,
    feeRateSatPerVbyte: 1,
    verifyInput(tx, index, prevOut) {
      const input = tx.inputs[index]
      if (!input) return { ok: false, reason: `no input ${index}` }
      const interpreter = new lib.Script.Interpreter()
      const amount = new lib.crypto.BN(prevOut.satoshis)
      const script = lib.Script.fromHex(prevOut.script)
      return verdict(interpreter.verify(input.script, script, tx, index, flags, amount), interpreter.errstr)
    },
  }
}

/** Dogecoin regtest: P2PKH keys, legacy signatures. */
export function dogecoinSpec(): UtxoChainSpec {
  const lib = bitcoreDoge
  const flags = flagsOf(lib, standardFlags)
  return {
    chainId: chainIdOf('doge'),
    symbol: 'DOGE',
    lib,
    network: lib.Networks.regtest,
    addressType: 'pubkeyhash',
    blockRewardSats: 10_000_0000_0000,
    feeRateSatPerVbyte: 1_000,
    verifyInput(tx, index, prevOut) {
      const input = tx.inputs[index]
      if (!input) return { ok: false, reason: `no input ${index}` }
      const interpreter = new lib.Script.Interpreter()
      const script = lib.Script.fromHex(prevOut.script)
      return verdict(interpreter.verify(input.script, script, tx, index, flags), interpreter.errstr)
    },
  }
}
