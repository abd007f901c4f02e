import { useState } from 'react'
import type { ChainRecord } from '../../../lib/api'
import { ClientError } from '../../../lib/ClientError'
import { depositRecordId } from '../../history'
import type { CrossQuote } from '../api/crossQuote'
import { fetchCrossSwap } from '../api/fetchCrossSwap'
import type { CrossToken } from '../model/CrossToken'
import { getDepositRequest } from '../model/getDepositRequest'
import type { CrossTrade } from './useCrossTrade'

/**
 * The review of an offer and what ends it: `open()` (asking an EVM source's wallet to connect first), `onSent()`
 * (the EVM transaction was sent: recorded in the history, followed) and `openDeposit()` (a UTXO or Cosmos source:
 * the deposit `swap/cross` answers, with its memo or, `memoless`, without one, recorded in the deposit history and
 * shown). `sendError` is the deposit's.
 */
export function useCrossReview(params: {
  source: ChainRecord
  destination: ChainRecord
  form: { from: CrossToken; to: CrossToken; receiver: string | undefined; sender: string | undefined }
  account: `0x${string}` | undefined
  trade: Pick<CrossTrade, 'history' | 'deposits' | 'setPhase'>
  /** Asks the wallet to connect when an EVM source has no account. */
  requestConnect: () => void
  isConnected: boolean
}) {
  const { source, destination, account, trade } = params
  const { from, to, sender, receiver } = params.form
  const [offer, setOffer] = useState<CrossQuote>()
  const [sending, setSending] = useState(false)
  const [sendError, setSendError] = useState<unknown>()

  const open = (taken: CrossQuote | undefined) => {
    if (source.family === 'evm' && (!params.isConnected || account === undefined)) {
      params.requestConnect()
      return
    }
    if (taken !== undefined) setOffer(taken)
  }
  const onSent = (taken: CrossQuote, hash: `0x${string}`) => {
    if (account === undefined) return
    trade.history.upsert({
      chainId: source.chainId,
      hash,
      kind: 'cross',
      toChainId: destination.chainId,
      account,
      from: { address: from.address as `0x${string}`, symbol: from.symbol, decimals: from.decimals },
      to: { address: to.address as `0x${string}`, symbol: to.symbol, decimals: to.decimals },
      amountIn: taken.tradeParams.amount,
      quotedOut: taken.dstTrade.toTokenAmount,
      status: 'pending',
      createdAtMs: Date.now(),
    })
    setOffer(undefined)
    trade.setPhase({
      kind: 'progress',
      txHash: hash,
      from,
      to,
      timing: { startedAtMs: Date.now(), estimateSec: taken.processingTime },
      receiver,
    })
  }
  const openDeposit = async (taken: CrossQuote, memoless = false) => {
    if (sender === undefined) return
    setSendError(undefined)
    setSending(true)
    try {
      const swap = await fetchCrossSwap({ quote: taken, account: sender, memoless })
      const deposit = getDepositRequest(swap)
      if (deposit === undefined)
        throw new ClientError('INVALID_TRANSACTION', 'The provider answered no deposit for this trade.')
      const id = depositRecordId(deposit)
      trade.deposits.upsert({
        id,
        chainId: source.chainId,
        toChainId: destination.chainId,
        from,
        to,
        deposit: { ...deposit, amount: deposit.amount.toString() },
        receiver: params.form.receiver ?? '',
        refundAddress: sender,
        // a memoless deposit pays a little more than quoted (its amount carries the reference): its own output
        quotedOut: memoless ? swap.amountOut : taken.dstTrade.toTokenAmount,
        expiresAt: swap.expiresAt,
        ...(taken.processingTime === undefined ? {} : { processingTime: taken.processingTime }),
        createdAtMs: Date.now(),
        status: 'awaiting',
        dismissed: false,
      })
      setOffer(undefined)
      trade.setPhase({ kind: 'deposit', id })
    } catch (error: unknown) {
      setSendError(error)
    } finally {
      setSending(false)
    }
  }
  return { offer, open, close: () => setOffer(undefined), onSent, openDeposit, sending, sendError }
}
