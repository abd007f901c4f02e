import { type Address, type Hex, zeroHash } from 'viem'
import type { AuthContext } from '../appEnv'
import { buildIntegratorTag } from '../trades/buildIntegratorTag'
import { getCompanyPublicId } from '../trades/getCompanyPublicId'

/** The sides of a swap an attribution tag binds; the `Swapped` event carries the same fields. */
export interface TaggedSwap {
  /** The account that sends the transaction; undefined when the quote has no sender (no tag then). */
  sender: Address | undefined
  receiver: Address
  tokenIn: Address
  tokenOut: Address
  /** The integrator fee terms of the call (`feeRecipient` is ignored with `feeBps` 0). */
  feeRecipient: Address
  feeBps: number
}

/** Gives the bytes32 `integratorId` of one swap call. */
export type IntegratorTagger = (swap: TaggedSwap) => Hex

/**
 * The one place single-chain quotes and swaps derive the `integratorId` they put into the Aggregator
 * call: zero without an API key or without a known sender, else the company's attribution tag for this
 * chain, sender, receiver, pair and fee terms, issued at `nowSec` (`buildIntegratorTag`), which the trade
 * watcher verifies and counts once. Loads the
 * tag secret only for keyed callers; rejects when it cannot be read from the database.
 */
export async function createIntegratorTagger(params: {
  auth: AuthContext | undefined
  getTagSecret: () => Promise<Uint8Array>
  chainId: number
  aggregator: Address
  /** The issue time of the tags, unix seconds. */
  nowSec: number
}): Promise<IntegratorTagger> {
  const { auth, chainId, aggregator, nowSec } = params
  if (auth === undefined) return () => zeroHash
  const secret = await params.getTagSecret()
  const companyId = getCompanyPublicId(auth.integratorId)
  return ({ sender, ...swap }) =>
    sender === undefined
      ? zeroHash
      : buildIntegratorTag({ secret, companyId, chainId, aggregator, sender, issuedAtSec: nowSec, ...swap })
}
