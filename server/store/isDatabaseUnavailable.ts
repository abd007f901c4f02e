/** PostgreSQL SQLSTATEs that mean "the server is not there for you now", not "your query is wrong". */
const unavailableSqlStates = new Set(['57P01', '57P02', '57P03', '53300'])
const unavailableNodeCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
])
const unavailableMessages = [
  /^PGlite is closed/,
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /^Client has encountered a connection error/,
  /^Cannot use a pool after calling end/,
]

/**
 * True when `error` (or anything in its `cause` chain, as Drizzle wraps driver errors) says the database
 * cannot be reached: a refused or dropped connection, a connection-exception SQLSTATE (class 08), an
 * administrator or crash shutdown, too many connections, or a closed embedded database. Query errors
 * (syntax, constraints) are not outages.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') {
      if (unavailableNodeCodes.has(code) || unavailableSqlStates.has(code) || /^08[0-9A-Z]{3}$/.test(code)) {
        return true
      }
    }
    if (
      unavailableMessages.some((pattern) => pattern.test(current instanceof Error ? current.message : ''))
    ) {
      return true
    }
    current = current.cause
  }
  return false
}
