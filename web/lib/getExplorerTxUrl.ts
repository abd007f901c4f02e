/** Mainnet block explorers' transaction pages, by chain id, and how each writes a transaction id. */
const explorers: ReadonlyMap<number, { base: string; id: 'evm' | 'lower' | 'upper' }> = new Map([
  [1, { base: 'https://etherscan.io/tx/', id: 'evm' }],
  [10, { base: 'https://optimistic.etherscan.io/tx/', id: 'evm' }],
  [56, { base: 'https://bscscan.com/tx/', id: 'evm' }],
  [137, { base: 'https://polygonscan.com/tx/', id: 'evm' }],
  [250, { base: 'https://ftmscan.com/tx/', id: 'evm' }],
  [8453, { base: 'https://basescan.org/tx/', id: 'evm' }],
  [42161, { base: 'https://arbiscan.io/tx/', id: 'evm' }],
  [43114, { base: 'https://snowtrace.io/tx/', id: 'evm' }],
  [-3980891822, { base: 'https://mempool.space/tx/', id: 'lower' }],
  [-174457306, { base: 'https://blockchair.com/bitcoin-cash/transaction/', id: 'lower' }],
  [-33463083, { base: 'https://blockchair.com/litecoin/transaction/', id: 'lower' }],
  [-3143381382, { base: 'https://blockchair.com/dogecoin/transaction/', id: 'lower' }],
  [-978111860, { base: 'https://www.mintscan.io/cosmos/tx/', id: 'upper' }],
])

/**
 * The public explorer page of transaction `txHash` on `chain`, or undefined on a devnet chain (its
 * transactions exist nowhere else) or a chain with no known explorer. The id is written as the explorer
 * expects: `0x` and lower case on EVM chains, bare lower-case hex on UTXO chains, bare upper case on Cosmos
 * (THORNode answers ids in upper case without `0x`, whatever the chain). Pure.
 */
export function getExplorerTxUrl(
  chain: { chainId: number; isDevnet: boolean },
  txHash: string,
): string | undefined {
  const explorer = explorers.get(chain.chainId)
  if (chain.isDevnet || explorer === undefined) return undefined
  const bare = txHash.replace(/^0x/i, '')
  if (!/^[0-9a-fA-F]{64}$/.test(bare)) return undefined
  const id =
    explorer.id === 'evm'
      ? `0x${bare.toLowerCase()}`
      : explorer.id === 'lower'
        ? bare.toLowerCase()
        : bare.toUpperCase()
  return `${explorer.base}${id}`
}
