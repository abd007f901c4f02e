import { createHash } from 'node:crypto'
import type { PrivateKey } from 'bitcore-lib'
import { AppError } from '../../server/errors'
import type { BitcoinRpcClient, BitcoinUnspent } from '../utxo/createBitcoinRpcClient'
import { toSatoshis } from '../utxo/createBitcoinRpcClient'
import type { UtxoChainSpec } from '../utxo/utxoChainSpecs'
import type { UtxoWalletNetwork } from './describeUtxoWalletNetwork'

/** One devnet UTXO chain as the browser's devnet wallet reaches it through the API. */
export interface DevnetUtxoChain {
  readonly network: UtxoWalletNetwork
  /** The confirmed unspent outputs of `address`. */
  listUnspent(address: string): Promise<BitcoinUnspent[]>
  /** Relays a signed transaction to the chain's node (`sendrawtransaction`); answers its txid. */
  broadcast(hex: string): Promise<string>
  /** Pays `network.faucetSatoshis` from the devnet faucet to `address` and mines a block at once. */
  fund(address: string): Promise<{ txid: string; satoshis: bigint }>
}

/** Confirmations before a coin of the faucet is spent (a coinbase needs 100; the scan may not say which). */
const MATURITY = 100
/** Virtual bytes a faucet payment is charged for (up to 3 inputs, 2 outputs). */
const FAUCET_VBYTES = 500

interface ScannedCoin {
  txid: string
  vout: number
  scriptPubKey: string
  amount: number
  height: number
  /** Since Bitcoin Core 25 (the devnet's nodes say it; litecoind 0.21 does not). */
  coinbase?: boolean
}

/**
 * The devnet wallet's access to one UTXO chain's node: unspent outputs (`scantxoutset`), broadcast, and a faucet
 * paying from the chain's devnet faucet key (the key every devnet block pays, derived from the symbol; devnet
 * only). Faucet payments run one at a time, spend only mature coins not spent by an earlier payment, and mine a
 * block (`generatetoaddress` to the faucet) so the coins can be spent at once.
 */
export function createDevnetUtxoChain(params: {
  spec: UtxoChainSpec
  network: UtxoWalletNetwork
  rpc: BitcoinRpcClient
}): DevnetUtxoChain {
  const { spec, network, rpc } = params
  const key: PrivateKey = new spec.lib.PrivateKey(
    createHash('sha256').update(`tributary devnet ${spec.symbol} faucet`).digest('hex'),
    spec.network,
  )
  const faucetAddress = key.toAddress(spec.network, spec.addressType).toString()
  const spentByFaucet = new Set<string>()
  let queue: Promise<unknown> = Promise.resolve()

  const payOnce = async (address: string) => {
    const satoshis = network.faucetSatoshis
    const fee = BigInt(network.feeRateSatPerVbyte * FAUCET_VBYTES)
    const [scan, tip] = await Promise.all([
      rpc.call<{ unspents: ScannedCoin[] }>('scantxoutset', ['start', [`addr(${faucetAddress})`]]),
      rpc.getBlockchainInfo(),
    ])
    const coins = scan.unspents
      .filter((c) => !spentByFaucet.has(`${c.txid}:${c.vout}`))
      .filter((c) => c.coinbase === false || tip.blocks - c.height + 1 >= MATURITY)
      .sort((a, b) => b.amount - a.amount)
    const picked: ScannedCoin[] = []
    let total = 0n
    for (const coin of coins) {
      if (total >= satoshis + fee) break
      picked.push(coin)
      total += toSatoshis(coin.amount)
    }
    if (total < satoshis + fee)
      throw new AppError(
        'UPSTREAM_UNAVAILABLE',
        `The ${spec.symbol} faucet has ${total} spendable sat, not ${satoshis + fee}; try again after a block`,
      )
    const tx = new spec.lib.Transaction()
      .from(
        picked.map((c) => ({
          txId: c.txid,
          outputIndex: c.vout,
          script: c.scriptPubKey,
          satoshis: Number(toSatoshis(c.amount)),
        })),
      )
      .to(address, Number(satoshis))
      .change(faucetAddress)
      .fee(Number(fee))
      .sign(key)
    const txid = await rpc.sendRawTransaction(tx.serialize(true))
    for (const c of picked) spentByFaucet.add(`${c.txid}:${c.vout}`)
    await rpc.call('generatetoaddress', [1, faucetAddress])
    return { txid, satoshis }
  }

  return {
    network,
    listUnspent: (address) => rpc.listUnspent(address),
    broadcast: (hex) => rpc.sendRawTransaction(hex),
    fund(address) {
      const run = queue.then(() => payOnce(address))
      queue = run.catch(() => undefined)
      return run
    },
  }
}
