import type { TokenTag } from './deployment'
import type { TokenList } from './tokenListSchema'

/**
 * Our tags by a token list's tag, normalized (lower case, spaces and `_` as `-`): each of ours by its own name
 * (a list's identifiers allow no `-` and at most 10 characters, so `wrapped_native` is written in full in the
 * tag's `name`, "Wrapped native"), and the ecosystem's `stablecoin` as `stable`.
 */
const ourTags: Readonly<Record<string, TokenTag>> = {
  native: 'native',
  'wrapped-native': 'wrapped-native',
  stable: 'stable',
  stablecoin: 'stable',
  major: 'major',
  'long-tail': 'long-tail',
  'fee-on-transfer': 'fee-on-transfer',
  'approve-reset': 'approve-reset',
  'no-return-value': 'no-return-value',
}

const normalize = (tag: string) =>
  tag
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')

/**
 * Our tags of a token-list token: each of its tag identifiers (`tagIds`) mapped by the identifier itself or by
 * the name the list's `tags` section gives it (see `ourTags`), in order, each once; tags of no meaning to us are
 * left out. Pure.
 */
export function toTokenTags(
  tagIds: readonly string[] | undefined,
  definitions: TokenList['tags'],
): TokenTag[] {
  const tags: TokenTag[] = []
  for (const id of tagIds ?? []) {
    const name = definitions?.[id]?.name
    const keys = name === undefined ? [normalize(id)] : [normalize(id), normalize(name)]
    const key = keys.find((k) => Object.hasOwn(ourTags, k))
    const tag = key === undefined ? undefined : ourTags[key]
    if (tag !== undefined && !tags.includes(tag)) tags.push(tag)
  }
  return tags
}
