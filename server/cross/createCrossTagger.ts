import { type Hex, zeroHash } from 'viem'
import type { AuthContext } from '../appEnv'
import type { TaggedCrossSend } from '../providers/types'
import { buildIntegratorTag } from '../trades/buildIntegratorTag'
import { getCompanyPublicId } from '../trades/getCompanyPublicId'

/**
 * The attribution tagger of a cross-chain build for chain `chainId`: undefined without an API key, else the
 * company's tag (`buildIntegratorTag`) for the send's origin contract, sender, receiver and pair, which the
 * trade watcher verifies when it finds the send. Loads the tag secret only for keyed callers.
 */
export async function createCrossTagger(params: {
  auth: AuthContext | undefined
  getTagSecret: () => Promise<Uint8Array>
  chainId: number
}): Promise<((send: TaggedCrossSend) => Hex) | undefined> {
  if (params.auth === undefined) return undefined
  const secret = await params.getTagSecret()
  const companyId = getCompanyPublicId(params.auth.integratorId)
  return ({ contract, ...send }) =>
    send.sender === undefined
      ? zeroHash
      : buildIntegratorTag({ secret, companyId, chainId: params.chainId, aggregator: contract, ...send })
}
