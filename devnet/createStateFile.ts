import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * A worker's state on disk as JSON: read once at start, replaced atomically on every save that changes it, saves
 * in order.
 */
export interface StateFile<T> {
  /** The saved state, or undefined when there is none yet. Throws naming the file when it is damaged. */
  read(): Promise<T | undefined>
  /**
   * Writes `state` to a temporary file and renames it over the old one, after any earlier save; nothing when it is
   * the state this file last saved.
   */
  save(state: T): Promise<void>
}

/**
 * The JSON state file of a devnet worker at `file`. `bigint` values are kept exactly (written as `"<digits>n"`
 * strings and read back as bigints), so amounts survive a restart unchanged. `what` names the state in the
 * error a damaged file raises (e.g. "this chain").
 */
export function createStateFile<T>(file: string, what: string): StateFile<T> {
  let writing: Promise<void> = Promise.resolve()
  /** The text of the last save: a save of the same text writes nothing (the workers save after every pass). */
  let saved: string | undefined
  return {
    async read() {
      let text: string
      try {
        text = await readFile(file, 'utf8')
      } catch (error: unknown) {
        if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return undefined
        throw error
      }
      try {
        return JSON.parse(text, (_key, value: unknown) =>
          typeof value === 'string' && /^-?\d+n$/.test(value) ? BigInt(value.slice(0, -1)) : value,
        ) as T
      } catch (error: unknown) {
        throw new Error(`${file} is damaged (${String(error)}): delete it to start ${what} afresh`)
      }
    },
    save(state) {
      const text = JSON.stringify(state, (_key, value: unknown) =>
        typeof value === 'bigint' ? `${value}n` : value,
      )
      if (text === saved) return writing
      saved = text
      writing = writing
        .then(async () => {
          await mkdir(path.dirname(file), { recursive: true })
          await writeFile(`${file}.tmp`, text)
          await rename(`${file}.tmp`, file)
        })
        .catch((error: unknown) => {
          saved = undefined
          throw error
        })
      return writing
    },
  }
}
