import type { CosmosVault } from '../cosmos/createCosmosVault'
import type { NetworkChainAdapter } from './networkChainAdapter'

/** 1e8 units per uatom (ATOM has 6 decimals; the network counts every asset in 1e8 units). */
const UNITS_PER_UATOM = 100n

/**
 * The network's adapter for the Cosmos Hub (`GAIA`, gas asset `GAIA.ATOM`) over a `CosmosVault`: the
 * observer reads each block's transfers of uatom to the vault with their memo (the sender of the first
 * `MsgSend` paying it is where a refund goes); the signer pays a cosmjs-signed `MsgSend` with the memo, one
 * account sequence per payment (`GAIA:seq:<n>` in `spends`, so payments signed before a restart keep theirs).
 * Amounts cross as 1e8 units (uatom x 100 in, truncated to uatom out, as THORChain does for 6-decimal
 * assets). Transaction hashes are upper-case hex on the chain, lower-case for the network's keys.
 */
export function createCosmosChainAdapter(params: {
  vault: CosmosVault
  /** 1e8 units of ATOM. */
  outboundFee: bigint
}): NetworkChainAdapter {
  const { vault } = params
  const sequencePrefix = 'GAIA:seq:'
  return {
    chain: 'GAIA',
    gasAsset: 'GAIA.ATOM',
    outboundFee: params.outboundFee,
    vault: {
      address: vault.address,
      // what one payment of the vault pays in fees (the chain's minimum for its gas limit)
      gasRate: vault.paymentFee.toString(),
      gasRateUnits: vault.spec.denom,
    },
    isValidAddress: (address) => vault.isValidAddress(address),
    tipHeight: () => vault.height(),
    async inboundsAt(height) {
      const deposits = await vault.listDeposits({ fromHeight: height, toHeight: height })
      return deposits.map((deposit) => ({
        txId: deposit.txId.toLowerCase(),
        asset: 'GAIA.ATOM',
        amount: deposit.amount * UNITS_PER_UATOM,
        from: deposit.from,
        memo: deposit.memo,
      }))
    },
    async signPayment({ to, amount, memo, reserved }) {
      const sequences = new Set(
        [...reserved]
          .filter((spend) => spend.startsWith(sequencePrefix))
          .map((spend) => Number(spend.slice(sequencePrefix.length))),
      )
      const payment = await vault.signPayment({
        to,
        amount: amount / UNITS_PER_UATOM,
        memo,
        reserved: sequences,
      })
      return { txid: payment.txId, hex: payment.txBytes, spends: [`${sequencePrefix}${payment.sequence}`] }
    },
    async broadcast(payment) {
      const spend = payment.spends[0] ?? ''
      await vault.broadcast({
        txId: payment.txid,
        txBytes: payment.hex,
        sequence: Number(spend.slice(sequencePrefix.length)),
      })
    },
    async locatePayment(payment) {
      const sequence = Number(payment.spends[0]?.slice(sequencePrefix.length))
      const found = await vault.findPayment(payment.txid)
      if (found.height !== undefined)
        return { state: 'mined', confirmations: (await vault.height()) - found.height + 1 }
      // a payment in the mempool looks the same: sending it again is harmless (`broadcast` is idempotent)
      if (found.sequence <= sequence) return { state: 'missing' }
      // the sequence is spent: by this very payment if a block took it a moment ago, else by another one
      return (await vault.findPayment(payment.txid)).height === undefined
        ? { state: 'replaced' }
        : { state: 'pending' }
    },
  }
}
