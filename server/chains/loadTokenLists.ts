import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import { NetworkConfigError } from './NetworkConfigError'
import { type TokenList, tokenListSchema } from './tokenListSchema'

const tokenListsSchema = z.array(
  z
    .string()
    .min(1)
    .refine(
      (entry) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(entry),
      'expected a file path (lists are read from files)',
    ),
)

/**
 * The token lists a network config object names in `tokenLists` (file paths, relative to `configDir` unless
 * absolute), read and validated in the Uniswap token-list format (`tokenListSchema`), in order, each with the path
 * as written as its `source`. Empty when the config names none (or is a bare array). Throws `NetworkConfigError`
 * naming the file and each problem with its JSON path.
 */
export async function loadTokenLists(
  json: unknown,
  configDir: string,
): Promise<{ source: string; list: TokenList }[]> {
  if (typeof json !== 'object' || json === null || !('tokenLists' in json)) return []
  const entries = tokenListsSchema.safeParse(json.tokenLists)
  if (!entries.success) {
    const problems = entries.error.issues.map(
      (issue) => `${['tokenLists', ...issue.path].join('.')}: ${issue.message}`,
    )
    throw new NetworkConfigError(`Invalid network config:\n  ${problems.join('\n  ')}`)
  }
  const lists: { source: string; list: TokenList }[] = []
  for (const source of entries.data) {
    const file = path.resolve(configDir, source)
    let parsed: unknown
    try {
      parsed = JSON.parse(await readFile(file, 'utf8'))
    } catch (error: unknown) {
      throw new NetworkConfigError(`Cannot read token list ${source} as JSON (${file})`, { cause: error })
    }
    const result = tokenListSchema.safeParse(parsed)
    if (!result.success) {
      const problems = result.error.issues.map(
        (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
      )
      throw new NetworkConfigError(`Invalid token list ${source}:\n  ${problems.join('\n  ')}`)
    }
    lists.push({ source, list: result.data })
  }
  return lists
}
