import { parseThorAsset, type ThorAsset } from './thorAsset'

/**
 * A swap memo: `SWAP:ASSET:DEST[/REFUND][:LIMIT[/INTERVAL/QUANTITY]][:AFFILIATE[:BPS]]` (prefix `SWAP`, `s` or
 * `=`).
 */
export interface SwapMemo {
  readonly asset: ThorAsset
  readonly destination: string
  /**
   * Where a refund goes instead of the inbound's sender (THORNode's custom refund address, `DEST/REFUND`):
   * an address on the inbound's chain.
   */
  readonly refundAddress?: string
  /** Least output accepted, in 1e8 units; 0 = no limit. */
  readonly limit: bigint
  /** Streaming swap: blocks between sub-swaps and their count (0 = as many as useful). */
  readonly streaming?: { readonly interval: number; readonly quantity: number }
  readonly affiliate?: string
  /** Affiliate fee in basis points of the input, 0..1000. */
  readonly affiliateBps: number
}

/** Why a memo cannot be executed; the network refunds such an inbound. */
export class MemoError extends Error {
  override name = 'MemoError' as const
}

const MAX_AFFILIATE_BPS = 1_000

/**
 * Parses a THORChain swap memo as THORNode does: case-insensitive prefix and asset (shortcodes too), a
 * destination with an optional refund address after a `/`, a limit as an integer or in `<digits>e<exponent>` form, optional streaming parameters after the limit, an
 * optional affiliate with a fee of at most 1000 bps. Throws MemoError naming the part that is wrong.
 */
export function parseSwapMemo(memo: string): SwapMemo {
  const parts = memo.split(':')
  const [prefix, assetText, destinationText, limitText = '', affiliate = '', bpsText = ''] = parts
  if (parts.length > 6) throw new MemoError('too many memo parts')
  if (prefix === undefined || !['swap', 's', '='].includes(prefix.toLowerCase()))
    throw new MemoError(`not a swap memo: ${prefix ?? ''}`)
  const asset = parseThorAsset(assetText ?? '')
  if (!asset) throw new MemoError(`invalid asset: ${assetText ?? ''}`)
  const [destination, refundAddress, ...more] = (destinationText ?? '').split('/')
  if (!destination) throw new MemoError('missing destination address')
  if (refundAddress === '' || more.length > 0)
    throw new MemoError(`invalid refund address: ${destinationText}`)
  const [limitPart = '', interval, quantity] = limitText.split('/')
  const limit = parseLimit(limitPart)
  const streaming =
    interval === undefined
      ? undefined
      : {
          interval: parseCount(interval, 'streaming interval'),
          quantity: parseCount(quantity ?? '0', 'streaming quantity'),
        }
  if (bpsText !== '' && affiliate === '') throw new MemoError('an affiliate fee needs an affiliate')
  const affiliateBps = bpsText === '' ? 0 : parseCount(bpsText, 'affiliate fee')
  if (affiliateBps > MAX_AFFILIATE_BPS) throw new MemoError(`affiliate fee above ${MAX_AFFILIATE_BPS} bps`)
  return {
    asset,
    destination,
    ...(refundAddress === undefined ? {} : { refundAddress }),
    limit,
    ...(streaming ? { streaming } : {}),
    ...(affiliate ? { affiliate } : {}),
    affiliateBps,
  }
}

function parseLimit(text: string): bigint {
  if (text === '') return 0n
  const match = /^(\d{1,30})(?:e(\d{1,2}))?$/i.exec(text)
  if (!match?.[1]) throw new MemoError(`invalid limit: ${text}`)
  return BigInt(match[1]) * 10n ** BigInt(match[2] ?? '0')
}

function parseCount(text: string, what: string): number {
  if (!/^\d{1,9}$/.test(text)) throw new MemoError(`invalid ${what}: ${text}`)
  return Number(text)
}
