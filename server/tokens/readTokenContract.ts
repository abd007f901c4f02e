import { type Address, erc20Abi, getAddress, parseAbi } from 'viem'
import type { PoolReader } from '../poolKinds/PoolKind'
import { toTokenText } from './toTokenText'

/** Symbols and names longer than this are cut: they are shown in lists, and a contract may answer anything. */
const MAX_SYMBOL_LENGTH = 32
const MAX_NAME_LENGTH = 64

/** Early tokens (MKR, SAI) declare their symbol and name as bytes32. */
const bytes32TextAbi = parseAbi([
  'function symbol() view returns (bytes32)',
  'function name() view returns (bytes32)',
])

/** What an ERC-20 contract says of itself. */
export interface TokenContractFacts {
  address: Address
  symbol: string
  name: string
  decimals: number
}

/**
 * Reads `symbol`, `name` and `decimals` of `address` at `blockNumber` in one multicall, each text as a string or
 * as bytes32 (see `toTokenText`); a missing or empty name is the symbol. Undefined when the address answers no
 * decimals or no symbol (no contract, or not an ERC-20); a failed node read throws, for the caller to map
 * (`readFromNode`).
 */
export async function readTokenContract(
  reader: PoolReader,
  params: { address: Address; blockNumber: bigint; multicallAddress: Address },
): Promise<TokenContractFacts | undefined> {
  const address = getAddress(params.address)
  const [symbol, symbol32, name, name32, decimals] = await reader.multicall({
    blockNumber: params.blockNumber,
    multicallAddress: params.multicallAddress,
    allowFailure: true,
    contracts: [
      { address, abi: erc20Abi, functionName: 'symbol' },
      { address, abi: bytes32TextAbi, functionName: 'symbol' },
      { address, abi: erc20Abi, functionName: 'name' },
      { address, abi: bytes32TextAbi, functionName: 'name' },
      { address, abi: erc20Abi, functionName: 'decimals' },
    ],
  })
  // a string answer also decodes as bytes32 (its offset word): the string reading goes first
  const textOf = (asString: typeof symbol, asBytes32: typeof symbol32, maxLength: number) => {
    if (asString.status === 'success') return toTokenText(asString.result, maxLength)
    if (asBytes32.status === 'success') return toTokenText(asBytes32.result, maxLength)
    return ''
  }
  const symbolText = textOf(symbol, symbol32, MAX_SYMBOL_LENGTH)
  if (decimals.status !== 'success' || symbolText === '') return undefined
  const nameText = textOf(name, name32, MAX_NAME_LENGTH)
  return {
    address,
    symbol: symbolText,
    name: nameText === '' ? symbolText : nameText,
    decimals: decimals.result,
  }
}
