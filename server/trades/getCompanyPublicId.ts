import { type Hex, slice } from 'viem'
import { companyIdBytes } from './buildIntegratorTag'

/** A company's public id for attribution tags: the first 16 bytes of its bytes32 integrator id, lowercase. */
export function getCompanyPublicId(integratorId: Hex): Hex {
  return slice(integratorId, 0, companyIdBytes).toLowerCase() as Hex
}
