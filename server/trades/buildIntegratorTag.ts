import { createHmac } from 'node:crypto'
import { type Address, concat, encodePacked, type Hex, size, slice, toHex, zeroAddress } from 'viem'
import type { IntegratorTagFields } from './integratorTagFields'

/** Bytes of the company's public id at the start of a tag. */
export const companyIdBytes = 16
/** Bytes of the issue time (uint32 unix seconds) after the company id; the MAC fills the other 12. */
export const issuedAtBytes = 4

/**
 * How long after its issue a tag attributes a swap: the longest swap deadline a quote or build gives
 * (`singleSwapLimits.maxDeadlineSec`), so a transaction still valid on chain is still attributed.
 */
export const tagLifetimeSec = 60 * 60
/** Slack for a block timestamp behind the server's clock (a tag "from the future"), and ahead of it. */
export const tagClockSkewSec = 5 * 60

const domain = 'dex-aggregator/integrator-tag/v2'

/**
 * The bytes32 `integratorId` a quote for a company puts into the Aggregator call: the company's public
 * id (`companyId`, 16 bytes: the first 16 bytes of its integrator id, see `getCompanyPublicId`), the issue
 * time `issuedAtSec` (uint32, 4 bytes) and the first 12 bytes of HMAC-SHA256 under `secret` over a
 * versioned domain string, the chain id (uint256), the aggregator, sender, receiver, tokenIn, tokenOut, fee
 * recipient (20 bytes each, any case; the fee recipient as address(0) when `feeBps` is 0), `feeBps`
 * (uint16), `issuedAtSec` (uint32) and `companyId`. Pure; the watcher recomputes it from a `Swapped` event
 * and its call with `verifyIntegratorTag`. Throws when `companyId` is not 16 bytes or the time is not a
 * uint32.
 */
export function buildIntegratorTag(
  params: IntegratorTagFields & { secret: Uint8Array; companyId: Hex; issuedAtSec: number },
): Hex {
  const { companyId, issuedAtSec } = params
  if (size(companyId) !== companyIdBytes) {
    throw new Error(`companyId must be ${companyIdBytes} bytes, got ${size(companyId)}`)
  }
  if (!Number.isInteger(issuedAtSec) || issuedAtSec < 0 || issuedAtSec >= 2 ** 32) {
    throw new Error(`issuedAtSec must be a uint32, got ${issuedAtSec}`)
  }
  const lower = (address: Address) => address.toLowerCase() as Address
  const message = encodePacked(
    [
      'string',
      'uint256',
      'address',
      'address',
      'address',
      'address',
      'address',
      'address',
      'uint16',
      'uint32',
      'bytes16',
    ],
    [
      domain,
      BigInt(params.chainId),
      lower(params.aggregator),
      lower(params.sender),
      lower(params.receiver),
      lower(params.tokenIn),
      lower(params.tokenOut),
      params.feeBps === 0 ? zeroAddress : lower(params.feeRecipient),
      params.feeBps,
      issuedAtSec,
      companyId,
    ],
  )
  const mac = createHmac('sha256', params.secret)
    .update(Buffer.from(message.slice(2), 'hex'))
    .digest()
  return concat([
    companyId.toLowerCase() as Hex,
    toHex(issuedAtSec, { size: issuedAtBytes }),
    slice(toHex(mac), 0, 32 - companyIdBytes - issuedAtBytes),
  ])
}
