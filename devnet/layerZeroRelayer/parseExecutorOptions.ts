import { type Hex, hexToBigInt, hexToNumber, size, slice } from 'viem'

export type ExecutorOptions = {
  lzReceiveGas: bigint
  lzReceiveValue: bigint
  /** Gas and value per compose index. */
  compose: Map<number, { gas: bigint; value: bigint }>
}

const executorWorkerId = 1
const optionType = { lzReceive: 1, lzCompose: 3 } as const

/**
 * Reads the executor's part of LayerZero type-3 options (as PacketSent carries them, enforced and extra options
 * combined): lzReceive gas and value and each compose index's gas and value, summing repeats the way
 * ExecutorFeeLib does. Other workers' options and other option types are skipped. Throws on a malformed option.
 */
export function parseExecutorOptions(options: Hex): ExecutorOptions {
  const result: ExecutorOptions = { lzReceiveGas: 0n, lzReceiveValue: 0n, compose: new Map() }
  if (size(options) < 2 || hexToNumber(slice(options, 0, 2)) !== 3) {
    throw new Error(`options ${options} are not type 3`)
  }
  let cursor = 2
  const total = size(options)
  while (cursor < total) {
    const workerId = hexToNumber(slice(options, cursor, cursor + 1))
    const length = hexToNumber(slice(options, cursor + 1, cursor + 3))
    if (length < 1 || cursor + 3 + length > total) throw new Error(`malformed option at byte ${cursor}`)
    const type = hexToNumber(slice(options, cursor + 3, cursor + 4))
    const body = length > 1 ? slice(options, cursor + 4, cursor + 3 + length) : '0x'
    cursor += 3 + length
    if (workerId !== executorWorkerId) continue
    if (type === optionType.lzReceive) {
      result.lzReceiveGas += hexToBigInt(slice(body, 0, 16))
      if (size(body) >= 32) result.lzReceiveValue += hexToBigInt(slice(body, 16, 32))
    } else if (type === optionType.lzCompose) {
      const index = hexToNumber(slice(body, 0, 2))
      const gas = hexToBigInt(slice(body, 2, 18))
      const value = size(body) >= 34 ? hexToBigInt(slice(body, 18, 34)) : 0n
      const previous = result.compose.get(index) ?? { gas: 0n, value: 0n }
      result.compose.set(index, { gas: previous.gas + gas, value: previous.value + value })
    }
  }
  return result
}
