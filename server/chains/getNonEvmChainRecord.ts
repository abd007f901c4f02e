import { zeroAddress } from 'viem'
import type { CosmosChainInfo, UtxoChainInfo } from './chainInfo'
import type { ChainFlows } from './getChainFlows'

/** A UTXO or Cosmos chain as the chain list (`format=list`) describes it: no contracts, its native coin only. */
export interface NonEvmChainRecord {
  chainId: number
  family: 'utxo' | 'cosmos'
  name: string
  shortName: string
  nativeCurrency: { name: string; symbol: string; decimals: number; address: typeof zeroAddress }
  logo: string
  flows: ChainFlows
  blockTimeMs: number
  isDevnet: boolean
}

/** Describes a UTXO or Cosmos chain a mounted provider serves, from its static facts (`chainInfo`). */
export function getNonEvmChainRecord(params: {
  info: UtxoChainInfo | CosmosChainInfo
  isDevnet: boolean
  flows: ChainFlows
}): NonEvmChainRecord {
  const { info, isDevnet, flows } = params
  return {
    chainId: info.id,
    family: info.family,
    name: info.name,
    shortName: info.shortName,
    nativeCurrency: { ...info.nativeCurrency, address: zeroAddress },
    logo: `/chains/${info.id}.svg`,
    flows,
    blockTimeMs: info.blockTimeMs,
    isDevnet,
  }
}
