import { MemoError, parseSwapMemo } from './parseSwapMemo'
import { parseThorAsset, type ThorAsset } from './thorAsset'

/** A memo registration: deposits of `asset` that carry its reference in their amount act as `memo`. */
export interface ReferenceMemo {
  readonly asset: ThorAsset
  /** The registered memo, as written (everything after the asset). */
  readonly memo: string
}

/**
 * Parses a registration memo as THORNode does (`REFERENCE:ASSET:MEMO`, the function name in any case): the
 * asset, then everything after the second colon as the registered memo, which must not be blank and must
 * itself parse; here only swap memos do (`parseSwapMemo`), the one kind the devnet's network and our deposits
 * use. Throws MemoError naming the part that is wrong.
 */
export function parseReferenceMemo(text: string): ReferenceMemo {
  const [prefix = '', assetText = ''] = text.split(':')
  if (prefix.toLowerCase() !== 'reference') throw new MemoError(`not a reference memo: ${prefix}`)
  const asset = parseThorAsset(assetText)
  if (asset === undefined) throw new MemoError(`invalid asset: ${assetText}`)
  const memo = text.split(':').slice(2).join(':')
  if (memo === '') throw new MemoError('memo cannot be blank')
  try {
    parseSwapMemo(memo)
  } catch (error: unknown) {
    if (error instanceof MemoError) throw new MemoError(`embedded memo is invalid: ${error.message}`)
    throw error
  }
  return { asset, memo }
}
