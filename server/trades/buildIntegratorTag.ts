import { createHmac } from 'node:crypto'
import { type Address, concat, encodePacked, type Hex, size, slice, toHex } from 'viem'
import type { IntegratorTagFields } from './integratorTagFields'

/** Bytes of the company's public id at the start of a tag; the MAC fills the other 16 of the bytes32. */
export const companyIdBytes = 16

const domain = 'dex-aggregator/integrator-tag/v1'

/**
 * The bytes32 `integratorId` a quote for a company puts into the Aggregator call: the company's public
 * id (`companyId`, 16 bytes: the first 16 bytes of its integrator id, see `getCompanyPublicId`)
 * followed by the first 16 bytes of HMAC-SHA256 under `secret` over a versioned domain string, the
 * chain id (uint256), the aggregator, sender, receiver, tokenIn, tokenOut (20 bytes each, any case)
 * and `companyId`. Pure; the watcher recomputes it from a `Swapped` event with `verifyIntegratorTag`.
 * Throws when `companyId` is not 16 bytes.
 */
export function buildIntegratorTag(
  params: IntegratorTagFields & { secret: Uint8Array; companyId: Hex },
): Hex {
  const { companyId } = params
  if (size(companyId) !== companyIdBytes) {
    throw new Error(`companyId must be ${companyIdBytes} bytes, got ${size(companyId)}`)
  }
  const lower = (address: Address) => address.toLowerCase() as Address
  const message = encodePacked(
    ['string', 'uint256', 'address', 'address', 'address', 'address', 'address', 'bytes16'],
    [
      domain,
      BigInt(params.chainId),
      lower(params.aggregator),
      lower(params.sender),
      lower(params.receiver),
      lower(params.tokenIn),
      lower(params.tokenOut),
      companyId,
    ],
  )
  const mac = createHmac('sha256', params.secret)
    .update(Buffer.from(message.slice(2), 'hex'))
    .digest()
  return concat([companyId.toLowerCase() as Hex, slice(toHex(mac), 0, 32 - companyIdBytes)])
}
