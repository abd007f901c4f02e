import { encodePacked, type Hex } from 'viem'

/** LayerZero V2 options type 3 (`OptionsBuilder.newOptions()`). */
const OPTIONS_TYPE_3 = 3
/** The executor's worker id in type-3 options. */
const EXECUTOR_WORKER_ID = 1
const OPTION_LZ_RECEIVE = 1
const OPTION_LZ_COMPOSE = 3

/** What the executor must spend on the destination: gas for `lzReceive`, and for each `lzCompose`. */
export interface ExecutorOptions {
  lzReceiveGas?: bigint
  lzCompose?: readonly { index: number; gas: bigint }[]
}

/**
 * LayerZero V2 executor options (type 3), byte for byte as `OptionsBuilder` writes them:
 * `0x0003`, then per option `workerId (1) || size (2) || type (1) || params`, with `lzReceive` params
 * `gas (uint128)` and `lzCompose` params `index (uint16) || gas (uint128)` (no native value). Pure.
 */
export function encodeExecutorOptions(options: ExecutorOptions): Hex {
  const parts: Hex[] = [encodePacked(['uint16'], [OPTIONS_TYPE_3])]
  if (options.lzReceiveGas !== undefined)
    parts.push(
      encodePacked(
        ['uint8', 'uint16', 'uint8', 'uint128'],
        [EXECUTOR_WORKER_ID, 17, OPTION_LZ_RECEIVE, options.lzReceiveGas],
      ),
    )
  for (const compose of options.lzCompose ?? [])
    parts.push(
      encodePacked(
        ['uint8', 'uint16', 'uint8', 'uint16', 'uint128'],
        [EXECUTOR_WORKER_ID, 19, OPTION_LZ_COMPOSE, compose.index, compose.gas],
      ),
    )
  return `0x${parts.map((p) => p.slice(2)).join('')}`
}
