import { concat, numberToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { parseExecutorOptions } from './parseExecutorOptions'

const u = (value: bigint | number, bytes: number) => numberToHex(value, { size: bytes })

describe('parseExecutorOptions', () => {
  it('sums lzReceive gas, reads compose gas and value per index and skips DVN options', () => {
    const options = concat([
      u(3, 2),
      u(1, 1),
      u(17, 2),
      u(1, 1),
      u(200_000n, 16),
      u(2, 1),
      u(2, 2),
      u(1, 1),
      u(0, 1),
      u(1, 1),
      u(33, 2),
      u(1, 1),
      u(50_000n, 16),
      u(7n, 16),
      u(1, 1),
      u(35, 2),
      u(3, 1),
      u(0, 2),
      u(900_000n, 16),
      u(5n, 16),
    ])
    const parsed = parseExecutorOptions(options)
    expect(parsed.lzReceiveGas).toBe(250_000n)
    expect(parsed.lzReceiveValue).toBe(7n)
    expect([...parsed.compose.entries()]).toEqual([[0, { gas: 900_000n, value: 5n }]])
  })

  it('rejects options that are not type 3', () => {
    expect(() => parseExecutorOptions('0x0001')).toThrow('are not type 3')
  })
})
