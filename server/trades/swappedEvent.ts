import { getAbiItem } from 'viem'
import { aggregatorAbi } from '../../contracts/artifacts'

/** The aggregator's `Swapped` event (docs/aggregator-contract.md), from the compiled Aggregator's ABI. */
export const swappedEvent = getAbiItem({ abi: aggregatorAbi, name: 'Swapped' })
