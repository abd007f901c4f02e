import { useCallback, useEffect, useState } from 'react'
import { isHex } from 'viem'
import type { ChainRecord } from '../../../lib/api'
import { findOpenDeposit, useDepositHistory, useSwapHistory } from '../../history'
import type { CrossPhase } from '../model/CrossPhase'
import { findResumableTrade } from '../model/findResumableTrade'
import { getCrossProgressView } from '../model/getCrossProgressView'
import { getSettledUpdate } from '../model/getSettledUpdate'

/** What a settled trade reports (`CrossProgress`'s `onSettled`). */
type Settled = Parameters<typeof getSettledUpdate>[0]

/**
 * Where the card is in a trade of `source` to `destination`: the form, a deposit (by its record in this browser's
 * deposit history) or a trade followed to arrival (`progress`), with the records each outcome settles. A trade of
 * this pair still under way before a reload is followed again, and stays followed once settled until `finish()`;
 * so does an open deposit of the pair.
 */
export function useCrossTrade(params: {
  source: ChainRecord
  destination: ChainRecord
  account: `0x${string}` | undefined
}) {
  const { source, destination } = params
  const deposits = useDepositHistory()
  const history = useSwapHistory(params.account)
  // a deposit trade of this pair shown before a reload (unpaid, or paid and in flight) opens again: its address,
  // memo and countdown live in this browser's storage, not in the page
  const [phase, setPhase] = useState<CrossPhase>(() => {
    const open = findOpenDeposit({
      records: deposits.records,
      chainId: source.chainId,
      toChainId: destination.chainId,
      nowSec: Math.floor(Date.now() / 1000),
    })
    return open === undefined ? { kind: 'form' } : { kind: 'deposit', id: open.id }
  })
  const [dismissed, setDismissed] = useState<string>()
  const [resumed, setResumed] = useState<string>()
  const pending = findResumableTrade({
    records: history.records,
    resumed,
    dismissed,
    chainId: source.chainId,
    toChainId: destination.chainId,
  })
  const pendingHash = pending?.hash
  useEffect(() => {
    if (pendingHash !== undefined) setResumed(pendingHash)
  }, [pendingHash])
  const historyUpsert = history.upsert
  const settleRecord = useCallback(
    (txHash: string, settled: Settled) => {
      if (!isHex(txHash)) return
      historyUpsert({ chainId: source.chainId, hash: txHash, ...getSettledUpdate(settled) })
    },
    [historyUpsert, source.chainId],
  )
  const depositUpsert = deposits.upsert
  const depositRecord = phase.kind === 'deposit' ? deposits.records.find((r) => r.id === phase.id) : undefined
  const progress = getCrossProgressView({ phase, deposit: depositRecord, pending })
  const onSettled = (settled: Settled) => {
    if (progress === undefined) return
    if (progress.settles.kind === 'trade') settleRecord(progress.settles.hash, settled)
    else depositUpsert({ id: progress.settles.id, ...getSettledUpdate(settled) })
  }
  return {
    phase,
    setPhase,
    depositRecord,
    progress,
    onSettled,
    history,
    deposits,
    /** "New trade": the trade followed is dismissed (its deposit too) and the form shows again. */
    finish: () => {
      if (progress !== undefined) setDismissed(progress.txHash)
      setResumed(undefined)
      if (depositRecord !== undefined) depositUpsert({ id: depositRecord.id, dismissed: true })
      setPhase({ kind: 'form' })
    },
    /** Back from a deposit: it stays listed in the history (payable until it expires); the card forgets it. */
    leaveDeposit: (id: string) => {
      depositUpsert({ id, dismissed: true })
      setPhase({ kind: 'form' })
    },
    /** A deposit was paid by `txHash`: it is followed from now. */
    followDeposit: (id: string, txHash: string) =>
      depositUpsert({ id, txHash, paidAtMs: Date.now(), status: 'pending' }),
  }
}

export type CrossTrade = ReturnType<typeof useCrossTrade>
