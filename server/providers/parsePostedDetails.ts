import { maxUint256 } from 'viem'
import { z } from 'zod'
import { AppError } from '../errors'

/** Field schemas of a quote's `details` as they come back from a client (JSON: amounts are decimal strings). */
export const postedFields = {
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected a 20-byte hex address'),
  /** A uint256 in decimal digits (what the contracts take; a larger one would fail in the encoder). */
  uint256: z
    .string()
    .regex(/^\d{1,78}$/, 'expected decimal digits')
    // zod runs every check: the digits are tested again before BigInt
    .refine((value) => !/^\d+$/.test(value) || BigInt(value) <= maxUint256, 'expected at most 2^256 - 1'),
  /** Unix seconds or a SpokePool timestamp: a uint32. */
  uint32: z.number().int().min(0).max(0xffff_ffff),
  /** Bytes, 0x-prefixed, whole bytes, at most 4 KiB (LayerZero options are tens of bytes). */
  bytes: z
    .string()
    .max(2 + 8_192)
    .regex(/^0x([0-9a-fA-F]{2})*$/, 'expected 0x-prefixed hex bytes'),
  /** An integrator fee in basis points, within our entry contracts' cap. */
  feeBps: z.number().int().min(0).max(1_000),
}

/**
 * Reads a posted quote's provider `details` with `schema` (extra fields pass), so malformed data is a client
 * error: 400 INVALID_PARAMS naming `transactionData.<field>` and what was expected, never a throw from the
 * ABI encoder or `BigInt`.
 */
export function parsePostedDetails<T extends z.ZodType>(schema: T, details: unknown): z.output<T> {
  const parsed = schema.safeParse(details)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  throw badPostedField(issue?.path.map(String).join('.') ?? '', issue?.message ?? '')
}

/** The 400 for a posted `transactionData.<field>` that is not what the quote carried (with zod's reason, if any). */
export function badPostedField(field: string, issue?: string): AppError {
  return new AppError('INVALID_PARAMS', `transactionData.${field} is not what this quote carried`, {
    details: { param: `transactionData.${field}`, ...(issue === undefined ? {} : { issue }) },
  })
}
