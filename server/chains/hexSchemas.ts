import { type Address, getAddress, type Hex, isAddress } from 'viem'
import { z } from 'zod'

/** A 20-byte address in any case, checksummed on the way in. */
export const addressSchema = z
  .string()
  .refine((value) => isAddress(value, { strict: false }), 'expected a 0x-prefixed 20-byte address')
  .transform((value): Address => getAddress(value))

/** A 0x-prefixed 32-byte hex string (an init-code hash, a pool id). */
export const bytes32Schema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'expected a 0x-prefixed 32-byte hex string')
  .transform((value) => value as Hex)
