import { existsSync } from 'node:fs'
import { readFile, rename } from 'node:fs/promises'

/**
 * The first of `candidates` (chain state files, best first: the live state, its previous copy, the deploy
 * snapshot) that exists and parses as JSON, or undefined when none does. Each one passed over because it is
 * damaged (a truncated dump) is named in `warn`, with the copy loaded instead, and moved aside to
 * `<file>.damaged`, so the next save does not keep it as the previous copy in place of a whole one.
 */
export async function recoverChainState(
  candidates: readonly string[],
  warn: (message: string) => void,
): Promise<string | undefined> {
  const damaged: string[] = []
  for (const file of candidates) {
    if (!existsSync(file)) continue
    try {
      JSON.parse(await readFile(file, 'utf8'))
    } catch {
      // the parser's message differs between Node versions and says nothing more than "not whole JSON"
      damaged.push(file)
      await rename(file, `${file}.damaged`)
      continue
    }
    for (const bad of damaged)
      warn(`devnet: chain state ${bad} is not whole JSON (a dump cut short); loading ${file} instead`)
    return file
  }
  for (const bad of damaged)
    warn(`devnet: chain state ${bad} is not whole JSON (a dump cut short); no other copy is left`)
  return undefined
}
