import { timingSafeEqual } from 'node:crypto'
import { type Hex, hexToBytes, hexToNumber, isHex, size, slice } from 'viem'
import {
  buildIntegratorTag,
  companyIdBytes,
  issuedAtBytes,
  tagClockSkewSec,
  tagLifetimeSec,
} from './buildIntegratorTag'
import type { IntegratorTagFields } from './integratorTagFields'

/**
 * The company public id (16 bytes, lowercase hex) that `tag`, the `integratorId` of a `Swapped` event,
 * was issued for with these fields, or undefined when the tag was not built by `buildIntegratorTag`
 * under `secret` for exactly this chain, aggregator, sender, receiver, token pair and fee terms (forged,
 * copied into another swap or one with another fee, or not a tag at all), or when the swap's block time
 * `blockTimestampSec` is more than `tagLifetimeSec` after the tag's issue time (or `tagClockSkewSec`
 * before it). Pure; compares the MAC in constant time. Counting a tag once is the watcher's part.
 */
export function verifyIntegratorTag(
  params: IntegratorTagFields & { secret: Uint8Array; tag: Hex; blockTimestampSec: number },
): Hex | undefined {
  const { tag, blockTimestampSec, ...fields } = params
  if (!isHex(tag, { strict: true }) || size(tag) !== 32) return undefined
  const companyId = slice(tag, 0, companyIdBytes).toLowerCase() as Hex
  const issuedAtSec = hexToNumber(slice(tag, companyIdBytes, companyIdBytes + issuedAtBytes))
  if (blockTimestampSec > issuedAtSec + tagLifetimeSec + tagClockSkewSec) return undefined
  if (blockTimestampSec < issuedAtSec - tagClockSkewSec) return undefined
  const expected = buildIntegratorTag({ ...fields, companyId, issuedAtSec })
  return timingSafeEqual(hexToBytes(expected), hexToBytes(tag)) ? companyId : undefined
}
