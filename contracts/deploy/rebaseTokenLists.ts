import path from 'node:path'

/**
 * A network config's `tokenLists` (file paths, relative to the config's folder unless absolute) rewritten for a
 * config written to `toDir` instead of `fromDir`, so the written config names the same files. Anything that is not
 * an array of strings is returned as it is (the server's parser reports it).
 */
export function rebaseTokenLists(tokenLists: unknown, fromDir: string, toDir: string): unknown {
  if (!Array.isArray(tokenLists) || !tokenLists.every((entry) => typeof entry === 'string')) return tokenLists
  return tokenLists.map((entry: string) =>
    path.isAbsolute(entry)
      ? entry
      : path.relative(path.resolve(toDir), path.resolve(fromDir, entry)).split(path.sep).join('/'),
  )
}
