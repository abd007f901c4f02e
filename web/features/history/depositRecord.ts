/** Where a deposit trade stands: waiting for its deposit, paid and in flight, delivered, failed or refunded. */
export type DepositRecordStatus = 'awaiting' | 'pending' | 'success' | 'failed'

/**
 * A trade paid by a deposit to a liquidity-network address (from a UTXO or Cosmos chain), kept in this
 * browser's storage from the moment its deposit address is shown: no EVM account sends it, so it is keyed by
 * its deposit (address and memo), not by a connected wallet. Amounts are base-unit strings.
 */
export interface DepositRecord {
  /** `<deposit address>:<memo>`: a deposit's identity before its transaction is known. */
  id: string
  chainId: number
  toChainId: number
  from: { address: string; symbol: string; decimals: number }
  to: { address: string; symbol: string; decimals: number }
  /** `memo` is what the wallet writes (empty for a memoless deposit, whose `memoless` names the registered memo). */
  deposit: {
    address: string
    amount: string
    decimals: number
    memo: string
    memoless?: { reference: string; memo: string }
  }
  /** Who receives on the destination chain, and where a refund goes on the source chain. */
  receiver: string
  refundAddress: string
  quotedOut: string
  /** Unix seconds: after this the deposit must not be sent. */
  expiresAt: number
  /** The taken offer's time estimate, seconds. */
  processingTime?: number
  createdAtMs: number
  /** The deposit's transaction id, once paid (or given), and when. */
  txHash?: string
  paidAtMs?: number
  status: DepositRecordStatus
  received?: string
  /** Base units of `from` paid back on the source chain. */
  refunded?: string
  /** Closed in the card ("Back"): listed in the history, no longer reopened by the card on its own. */
  dismissed?: boolean
}

/** Most deposit trades kept. */
export const maxDepositRecords = 50

/** The id of the deposit to `address` with `memo` (a memoless deposit's: with the memo registered for it). */
export const depositRecordId = (deposit: {
  address: string
  memo: string
  memoless?: { reference: string; memo: string } | undefined
}) => `${deposit.address}:${deposit.memoless?.memo ?? deposit.memo}`

/** Inserts `record` (newest first) or merges it into the one with the same id, keeping at most `maxDepositRecords`. */
export function upsertDepositRecord(params: {
  records: readonly DepositRecord[]
  record: Partial<DepositRecord> & Pick<DepositRecord, 'id'>
}): DepositRecord[] {
  const { records, record } = params
  const index = records.findIndex((r) => r.id === record.id)
  if (index === -1)
    return isDepositRecord(record) ? [record, ...records].slice(0, maxDepositRecords) : [...records]
  const next = [...records]
  const existing = next[index]
  if (existing !== undefined) next[index] = { ...existing, ...record }
  return next
}

/** Parses stored deposit trades; anything malformed is dropped. */
export function parseDepositRecords(json: string | null): DepositRecord[] {
  if (json === null) return []
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? value.filter(isDepositRecord) : []
  } catch (_error: unknown) {
    return []
  }
}

const isToken = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  'symbol' in value &&
  typeof value.symbol === 'string' &&
  'decimals' in value &&
  typeof value.decimals === 'number'

const isMemoless = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  'reference' in value &&
  typeof value.reference === 'string' &&
  'memo' in value &&
  typeof value.memo === 'string'

function isDepositRecord(value: unknown): value is DepositRecord {
  if (typeof value !== 'object' || value === null) return false
  const r = value as Partial<Record<keyof DepositRecord, unknown>>
  const deposit = r.deposit as Partial<Record<string, unknown>> | undefined
  return (
    typeof r.id === 'string' &&
    typeof r.chainId === 'number' &&
    typeof r.toChainId === 'number' &&
    isToken(r.from) &&
    isToken(r.to) &&
    typeof deposit === 'object' &&
    deposit !== null &&
    typeof deposit.address === 'string' &&
    typeof deposit.amount === 'string' &&
    /^\d+$/.test(deposit.amount) &&
    typeof deposit.memo === 'string' &&
    (deposit.memoless === undefined || isMemoless(deposit.memoless)) &&
    typeof r.receiver === 'string' &&
    typeof r.refundAddress === 'string' &&
    typeof r.quotedOut === 'string' &&
    /^\d+$/.test(r.quotedOut) &&
    typeof r.expiresAt === 'number' &&
    typeof r.createdAtMs === 'number' &&
    (r.status === 'awaiting' || r.status === 'pending' || r.status === 'success' || r.status === 'failed')
  )
}
