import { asc } from 'drizzle-orm'
import { type Address, getAddress } from 'viem'
import type { Db } from './db'
import { adoptedTokens } from './schema'

/** A token imported by address, as stored: what was read of its contract. */
export interface AdoptedTokenRow {
  chainId: number
  /** Checksummed. */
  address: Address
  symbol: string
  name: string
  decimals: number
}

/** Every imported token of every chain, each chain's in the order they were imported. */
export async function listAdoptedTokens(db: Db): Promise<AdoptedTokenRow[]> {
  const rows = await db
    .select({
      chainId: adoptedTokens.chainId,
      address: adoptedTokens.address,
      symbol: adoptedTokens.symbol,
      name: adoptedTokens.name,
      decimals: adoptedTokens.decimals,
    })
    .from(adoptedTokens)
    .orderBy(asc(adoptedTokens.chainId), asc(adoptedTokens.createdAt), asc(adoptedTokens.address))
  return rows.map((row) => ({ ...row, address: getAddress(row.address) }))
}

/** Records an imported token; a token of that chain and address already recorded is kept as it was. */
export async function insertAdoptedToken(db: Db, row: AdoptedTokenRow): Promise<void> {
  await db
    .insert(adoptedTokens)
    .values({ ...row, address: getAddress(row.address) })
    .onConflictDoNothing()
}
