import { decodeOpReturnMemo } from '../../server/thorchain/decodeOpReturnMemo'
import { type BitcoinRpcClient, BitcoinRpcError, toSatoshis } from '../utxo/createBitcoinRpcClient'
import type { UtxoVault } from './createUtxoVault'
import type { NetworkChainAdapter } from './networkChainAdapter'
import type { ObservedInbound } from './settleInbound'

interface BlockTx {
  txid: string
  vin: { txid?: string; vout?: number }[]
  vout: { value: number; scriptPubKey: { hex: string; address?: string; addresses?: string[] } }[]
}

/**
 * The network's adapter for a UTXO chain behind Bitcoin Core's JSON-RPC (the devnet nodes, litecoind, a real
 * node): the observer reads each block (`getblock` verbosity 2) for payments to the vault with an OP_RETURN
 * memo, the sender being the owner of the first input; the signer is the chain's `UtxoVault`.
 */
export function createUtxoChainAdapter(params: {
  chain: string
  vault: UtxoVault
  rpc: BitcoinRpcClient
  /** 1e8 units (satoshis). */
  outboundFee: bigint
}): NetworkChainAdapter {
  const { chain, vault, rpc } = params
  const gasAsset = `${chain}.${chain}`

  async function readInbound(tx: BlockTx): Promise<ObservedInbound | undefined> {
    let amount = 0n
    let memo: string | undefined
    for (const out of tx.vout) {
      // `address` since Core 22, `addresses` before (Litecoin Core 0.21)
      const address = out.scriptPubKey.address ?? out.scriptPubKey.addresses?.[0]
      if (address === vault.address) amount += toSatoshis(out.value)
      memo ??= decodeOpReturnMemo(out.scriptPubKey.hex)
    }
    const first = tx.vin[0]
    if (amount === 0n || first?.txid === undefined || first.vout === undefined) return undefined
    const funding = await rpc.getRawTransaction(first.txid)
    const from = funding.outputs.find((o) => o.n === first.vout)?.address
    // the vault's own payments send their change back to it: not an inbound
    if (from === undefined || from === vault.address) return undefined
    return { txId: tx.txid.toLowerCase(), asset: gasAsset, amount, from, memo: memo ?? '' }
  }

  return {
    chain,
    gasAsset,
    outboundFee: params.outboundFee,
    vault: {
      address: vault.address,
      gasRate: String(vault.spec.feeRateSatPerVbyte),
      gasRateUnits: 'satsperbyte',
    },
    isValidAddress: (address) => vault.spec.lib.Address.isValid(address, vault.spec.network) === true,
    tipHeight: async () => (await rpc.getBlockchainInfo()).blocks,
    async inboundsAt(height) {
      const hash = await rpc.getBlockHash(height)
      const block = await rpc.call<{ tx: BlockTx[] }>('getblock', [hash, 2])
      const found: ObservedInbound[] = []
      for (const tx of block.tx) {
        const inbound = await readInbound(tx)
        if (inbound !== undefined) found.push(inbound)
      }
      return found
    },
    signPayment: (payment) => vault.signPayment(payment),
    async broadcast(payment) {
      try {
        await rpc.sendRawTransaction(payment.hex)
      } catch (error: unknown) {
        const known = await rpc.getRawTransaction(payment.txid).then(
          () => true,
          () => false,
        )
        if (!known) throw error
      }
    },
    async locatePayment(payment) {
      const tx = await rpc.getRawTransaction(payment.txid).catch((error: unknown) => {
        // Core's RPC_INVALID_ADDRESS_OR_KEY: no such mempool or blockchain transaction
        if (error instanceof BitcoinRpcError && error.code === -5) return undefined
        throw error
      })
      if (tx === undefined) return { state: 'missing' }
      return tx.confirmations > 0 ? { state: 'mined', confirmations: tx.confirmations } : { state: 'pending' }
    },
  }
}
