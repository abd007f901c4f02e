import { describe, expect, it } from 'vitest'
import { encodeExecutorOptions } from './encodeExecutorOptions'

describe('encodeExecutorOptions', () => {
  it("writes OptionsBuilder's bytes: lzReceive of 200,000 gas is LayerZero's documented example", () => {
    expect(encodeExecutorOptions({ lzReceiveGas: 200_000n })).toBe(
      '0x00030100110100000000000000000000000000030d40',
    )
  })

  it('appends an lzCompose option with its index and gas, and nothing but the type without options', () => {
    expect(encodeExecutorOptions({ lzCompose: [{ index: 0, gas: 500_000n }] })).toBe(
      '0x00030100130300000000000000000000000000000007a120',
    )
    expect(encodeExecutorOptions({})).toBe('0x0003')
  })
})
