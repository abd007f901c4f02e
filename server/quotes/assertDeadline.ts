import { AppError } from '../errors'
import { singleSwapLimits } from './singleSwapLimits'

/**
 * Throws INVALID_PARAMS naming `param` unless `deadline` (unix seconds) is after `nowSec` and at most
 * `singleSwapLimits.maxDeadlineSec` ahead of it.
 */
export function assertDeadline(deadline: number, nowSec: number, param: string): void {
  if (deadline <= nowSec) {
    throw new AppError('INVALID_PARAMS', `${param} ${deadline} is in the past`, { details: { param } })
  }
  const max = nowSec + singleSwapLimits.maxDeadlineSec
  if (deadline > max) {
    throw new AppError(
      'INVALID_PARAMS',
      `${param} ${deadline} is more than ${singleSwapLimits.maxDeadlineSec} seconds ahead (at most ${max})`,
      { details: { param, max } },
    )
  }
}
