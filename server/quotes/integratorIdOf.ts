import { type Hex, zeroHash } from 'viem'
import type { AuthContext } from '../appEnv'

/**
 * The bytes32 integrator id a single-chain swap carries for the caller: the API key's id, zero without a
 * key. The one place quotes and swaps derive it (trade attribution depends on it).
 */
export function integratorIdOf(auth: AuthContext | undefined): Hex {
  return auth?.integratorId ?? zeroHash
}
