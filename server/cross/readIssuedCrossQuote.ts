import { timingSafeEqual } from 'node:crypto'
import { maxUint256 } from 'viem'
import { z } from 'zod'
import type { AuthContext } from '../appEnv'
import { AppError } from '../errors'
import type { ProviderJson } from '../providers/types'
import { computeCrossQuoteMac } from './computeCrossQuoteMac'
import type { CrossServices } from './crossServices'

/** A uint256 in decimal digits: what the contracts take, so a larger one is refused here, not by the encoder. */
const integer = z
  .string()
  .regex(/^\d{1,78}$/, 'expected decimal digits')
  // zod runs every check: the digits are tested again before BigInt
  .refine((value) => !/^\d+$/.test(value) || BigInt(value) <= maxUint256, 'expected at most 2^256 - 1')

/** What `formatCrossQuote` writes into `transactionData` and a client posts back. */
const postedTransactionData = z
  .object({
    provider: z.string().max(32),
    params: z.object({
      srcChainId: z.number().int(),
      dstChainId: z.number().int(),
      tokenIn: z.string().max(128),
      tokenOut: z.string().max(128),
      amount: integer,
      minQuote: integer,
      actualQuote: integer,
      nativeFee: integer,
      sender: z.string().max(128).nullable().optional(),
      receiver: z.string().max(128),
      slippage: z.number().min(0).max(1),
      expiresAt: z.number().int(),
      exactOut: z.boolean().optional(),
      feeBps: z.number().int().min(0).max(1_000).optional(),
      feeReceiver: z.string().max(128).nullable().optional(),
      via: z.string().max(32).nullable().optional(),
    }),
    mac: z.string().max(128).optional(),
  })
  .catchall(z.json())

/** A quote's `transactionData` as `quote/cross` issued it: its provider, its `params` and the provider's details. */
export interface IssuedCrossQuote {
  providerId: string
  params: z.output<typeof postedTransactionData>['params']
  details: Record<string, ProviderJson>
}

/** True when `mac` is the MAC of `transactionData` issued to `integratorId` (compared in constant time). */
function isIssued(
  secret: Uint8Array,
  integratorId: string,
  transactionData: Record<string, unknown>,
  mac: string | undefined,
) {
  if (mac === undefined || !/^[0-9a-f]{64}$/.test(mac)) return false
  const expected = computeCrossQuoteMac({ secret, integratorId, transactionData })
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(mac, 'hex'))
}

/**
 * Reads a posted `transactionData` back as the quote it is, only when `quote/cross` (or `quote/cross-data`)
 * issued it to the caller: 400 INVALID_PARAMS when it is not shaped as one (naming `param`), 400 QUOTE_TAMPERED
 * when its `mac` is not the MAC of what was posted for the caller's API key (`computeCrossQuoteMac`), 400
 * INVALID_PARAMS when it is a quote from another chain than `sourceChainId`.
 */
export async function readIssuedCrossQuote(
  services: CrossServices,
  sourceChainId: number,
  transactionData: Record<string, unknown>,
  auth: AuthContext | undefined,
  param = 'transactionData',
): Promise<IssuedCrossQuote> {
  const parsed = postedTransactionData.safeParse(transactionData)
  if (!parsed.success)
    throw new AppError('INVALID_PARAMS', `${param} is not the transactionData of a cross-chain quote`, {
      details: { param, issue: parsed.error.issues[0]?.message ?? '' },
    })
  const { provider: providerId, params, mac, ...details } = parsed.data
  if (!isIssued(await services.getTagSecret(), auth?.integratorId ?? '', transactionData, mac))
    throw new AppError(
      'QUOTE_TAMPERED',
      `${param} is not as quote/cross issued it (or was issued to another API key): post it back unchanged, or quote again`,
      { details: { param } },
    )
  if (params.srcChainId !== sourceChainId)
    throw new AppError('INVALID_PARAMS', `${param} is a quote from chain ${params.srcChainId}`, {
      details: { param: 'chainId' },
    })
  return { providerId, params, details }
}
