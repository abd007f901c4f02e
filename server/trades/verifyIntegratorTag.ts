import { timingSafeEqual } from 'node:crypto'
import { type Hex, hexToBytes, isHex, size, slice } from 'viem'
import { buildIntegratorTag, companyIdBytes } from './buildIntegratorTag'
import type { IntegratorTagFields } from './integratorTagFields'

/**
 * The company public id (16 bytes, lowercase hex) that `tag`, the `integratorId` of a `Swapped` event,
 * was issued for with these fields, or undefined when the tag was not built by `buildIntegratorTag`
 * under `secret` for exactly this chain, aggregator, sender, receiver and token pair (forged, copied into
 * another swap, or not a tag at all). Pure; compares the MAC in constant time.
 */
export function verifyIntegratorTag(
  params: IntegratorTagFields & { secret: Uint8Array; tag: Hex },
): Hex | undefined {
  const { tag, ...fields } = params
  if (!isHex(tag, { strict: true }) || size(tag) !== 32) return undefined
  const companyId = slice(tag, 0, companyIdBytes).toLowerCase() as Hex
  const expected = buildIntegratorTag({ ...fields, companyId })
  return timingSafeEqual(hexToBytes(expected), hexToBytes(tag)) ? companyId : undefined
}
