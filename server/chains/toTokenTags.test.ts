import { describe, expect, it } from 'vitest'
import type { TokenTag } from './deployment'
import type { TokenList } from './tokenListSchema'
import { toTokenTags } from './toTokenTags'

const definitions: TokenList['tags'] = {
  stablecoin: { name: 'Stablecoin', description: 'A token with value pegged to another asset' },
  wnative: { name: 'Wrapped native', description: 'The chain native coin wrapped' },
  fot: { name: 'Fee on transfer', description: 'Takes a fee on every transfer' },
  compound: { name: 'Compound', description: 'A Compound cToken' },
  major: { name: 'Blue chip', description: 'A large market' },
}

describe('toTokenTags', () => {
  it.each<[string, string[] | undefined, TokenTag[]]>([
    ['no tags', undefined, []],
    ['the ecosystem stablecoin', ['stablecoin'], ['stable']],
    ['by the definition name (identifiers cannot spell wrapped-native)', ['wnative'], ['wrapped-native']],
    ['a name with spaces', ['fot'], ['fee-on-transfer']],
    ['an identifier that is one of ours, whatever its name', ['major'], ['major']],
    ['an undefined identifier that is one of ours', ['long_tail'], ['long-tail']],
    ['an identifier in upper case', ['STABLE'], ['stable']],
    ['a tag of no meaning to us', ['compound'], []],
    ['an undefined tag of no meaning to us', ['defi'], []],
    ['order kept, each once', ['wnative', 'stablecoin', 'stable', 'compound'], ['wrapped-native', 'stable']],
  ])('%s', (_name, ids, expected) => {
    expect(toTokenTags(ids, definitions)).toEqual(expected)
  })

  it('reads identifiers alone when the list defines no tags', () => {
    expect(toTokenTags(['stablecoin', 'wnative'], undefined)).toEqual(['stable'])
  })
})
