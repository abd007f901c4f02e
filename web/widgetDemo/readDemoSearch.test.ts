import { describe, expect, it } from 'vitest'
import { readDemoSearch } from './readDemoSearch'

describe('readDemoSearch', () => {
  it('starts with the widget wallet and an empty configuration', () => {
    expect(readDemoSearch('')).toEqual({ wallet: 'widget', configText: '{}' })
  })

  it('reads the host wallet and pretty-prints the configuration', () => {
    expect(
      readDemoSearch(`?wallet=host&config=${encodeURIComponent('{"chain":1,"hide":["settings"]}')}`),
    ).toEqual({
      wallet: 'host',
      configText: '{\n  "chain": 1,\n  "hide": [\n    "settings"\n  ]\n}',
    })
  })

  it('keeps text that is not JSON as given', () => {
    expect(readDemoSearch('?wallet=other&config=%7Bchain')).toEqual({
      wallet: 'widget',
      configText: '{chain',
    })
  })
})
