import type { LogLevel } from './config'

export type LogFields = Record<string, unknown>

export interface Logger {
  debug(msg: string, fields?: LogFields): void
  info(msg: string, fields?: LogFields): void
  warn(msg: string, fields?: LogFields): void
  error(msg: string, fields?: LogFields): void
  /** A logger that adds `bindings` to every line it writes. */
  child(bindings: LogFields): Logger
}

const severity: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

export interface CreateLoggerParams {
  level: LogLevel
  /** Receives one JSON line (without newline). Defaults to stdout. */
  write?: (line: string) => void
  /** Clock for the `time` field, in ms since the epoch. */
  now?: () => number
  bindings?: LogFields
}

/**
 * Creates a structured logger writing one JSON object per line: `{ time, level, msg, ...bindings,
 * ...fields }`. Lines below `level` are dropped; `silent` drops everything. `Error` values anywhere in
 * the top level of `fields` are serialised with name, message, stack and their cause chain; bigints
 * become decimal strings. Never throws.
 */
export function createLogger(params: CreateLoggerParams): Logger {
  const { level, write = (line) => process.stdout.write(`${line}\n`), now = Date.now, bindings = {} } = params
  const threshold = severity[level]
  const log = (lineLevel: Exclude<LogLevel, 'silent'>, msg: string, fields: LogFields = {}) => {
    if (severity[lineLevel] < threshold) return
    const record: LogFields = { time: new Date(now()).toISOString(), level: lineLevel, msg, ...bindings }
    for (const [key, value] of Object.entries(fields)) record[key] = serializeValue(value)
    write(safeStringify(record))
  }
  return {
    debug: (msg, fields) => log('debug', msg, fields),
    info: (msg, fields) => log('info', msg, fields),
    warn: (msg, fields) => log('warn', msg, fields),
    error: (msg, fields) => log('error', msg, fields),
    child: (more) => createLogger({ level, write, now, bindings: { ...bindings, ...more } }),
  }
}

/** A logger that writes nothing, for tests. */
export function createSilentLogger(): Logger {
  return createLogger({ level: 'silent', write: () => {} })
}

/**
 * Turns an unknown thrown value into plain JSON data: `{ name, message, stack, cause }` for errors
 * (following the cause chain up to 5 levels), the value itself otherwise.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error
  const out: LogFields = { name: error.name, message: error.message, stack: error.stack }
  if (error.cause !== undefined && depth < 5) out.cause = serializeError(error.cause, depth + 1)
  return out
}

function serializeValue(value: unknown): unknown {
  return value instanceof Error ? serializeError(value) : value
}

function safeStringify(record: LogFields): string {
  try {
    return JSON.stringify(record, (_key, value: unknown) =>
      typeof value === 'bigint' ? value.toString() : value,
    )
  } catch {
    return JSON.stringify({
      time: record.time,
      level: record.level,
      msg: record.msg,
      logError: 'unserialisable fields',
    })
  }
}
