import { type Hex, zeroAddress, zeroHash } from 'viem'
import type { AuthContext } from '../appEnv'
import type { TaggedCrossSend } from '../providers/types'
import { buildIntegratorTag } from '../trades/buildIntegratorTag'
import { getCompanyPublicId } from '../trades/getCompanyPublicId'

/**
 * The attribution tagger of a cross-chain build for chain `chainId`: undefined without an API key, else the
 * company's tag (`buildIntegratorTag`) for the send's origin contract, sender, receiver and pair, issued at
 * `nowSec`, which the trade watcher verifies when it finds the send. The send events carry no fee terms, so
 * the tag binds none (fee 0). Loads the tag secret only for keyed callers.
 */
export async function createCrossTagger(params: {
  auth: AuthContext | undefined
  getTagSecret: () => Promise<Uint8Array>
  chainId: number
  /** The issue time of the tags, unix seconds. */
  nowSec: number
}): Promise<((send: TaggedCrossSend) => Hex) | undefined> {
  if (params.auth === undefined) return undefined
  const secret = await params.getTagSecret()
  const companyId = getCompanyPublicId(params.auth.integratorId)
  return ({ contract, ...send }) =>
    send.sender === undefined
      ? zeroHash
      : buildIntegratorTag({
          secret,
          companyId,
          chainId: params.chainId,
          aggregator: contract,
          feeRecipient: zeroAddress,
          feeBps: 0,
          issuedAtSec: params.nowSec,
          ...send,
        })
}
