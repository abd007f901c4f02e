import type { CosmosTxResult } from './createCosmosLedger'

const OPERATORS = ['=', '<', '<=', '>', '>=', 'CONTAINS', 'EXISTS'] as const
type Operator = (typeof OPERATORS)[number]

/** One condition of a CometBFT event query: `key op value`, the value a quoted string or a number. */
export interface TxQueryCondition {
  readonly key: string
  readonly op: Operator
  readonly value: string | number | undefined
}

/** A malformed query (CometBFT answers it as an invalid-params error). */
export class TxQueryError extends Error {
  override name = 'TxQueryError' as const
}

const CONDITION =
  /^\s*([A-Za-z0-9_.\-/]+)\s*(<=|>=|=|<|>|\s+CONTAINS\s+|\s+EXISTS\s*$)\s*(?:'([^']*)'|(-?\d+(?:\.\d+)?))?\s*$/

/**
 * Parses a CometBFT tx_search query (`tx.height=5 AND transfer.recipient='cosmos1...'`): conditions joined by
 * AND, strings in single quotes, numbers bare, operators =, <, <=, >, >=, CONTAINS and EXISTS.
 */
export function parseTxQuery(query: string): TxQueryCondition[] {
  if (!query.trim()) throw new TxQueryError('query cannot be empty')
  return query.split(/\s+AND\s+/).map((part) => {
    const match = CONDITION.exec(part)
    const key = match?.[1]
    const op = OPERATORS.find((operator) => operator === match?.[2]?.trim())
    if (!match || !key || !op) throw new TxQueryError(`failed to parse query condition: ${part}`)
    const value = match[3] ?? (match[4] === undefined ? undefined : Number(match[4]))
    if (op !== 'EXISTS' && value === undefined) throw new TxQueryError(`condition without a value: ${part}`)
    return { key, op, value }
  })
}

function compare(actual: string, condition: TxQueryCondition): boolean {
  const { op, value } = condition
  if (op === 'EXISTS') return true
  if (op === 'CONTAINS') return actual.includes(String(value))
  if (typeof value === 'string') return op === '=' && actual === value
  const number = Number(actual)
  if (!Number.isFinite(number) || value === undefined) return false
  if (op === '=') return number === value
  if (op === '<') return number < value
  if (op === '<=') return number <= value
  if (op === '>') return number > value
  return number >= value
}

/**
 * Whether a committed transaction matches every condition: `tx.hash` and `tx.height` against the result,
 * any other `type.attribute` against the attributes of its events of that type (one attribute matching is
 * enough, as CometBFT's indexer does).
 */
export function matchesTxQuery(result: CosmosTxResult, conditions: readonly TxQueryCondition[]): boolean {
  return conditions.every((condition) => {
    if (condition.key === 'tx.hash')
      return compare(result.hash, {
        ...condition,
        value: typeof condition.value === 'string' ? condition.value.toUpperCase() : condition.value,
      })
    if (condition.key === 'tx.height') return compare(String(result.height), condition)
    const dot = condition.key.lastIndexOf('.')
    const type = condition.key.slice(0, dot)
    const attribute = condition.key.slice(dot + 1)
    return result.events.some(
      (event) =>
        event.type === type &&
        event.attributes.some((a) => a.key === attribute && compare(a.value, condition)),
    )
  })
}
