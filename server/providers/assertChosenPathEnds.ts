import { type Address, isAddressEqual } from 'viem'
import { AppError } from '../errors'
import type { ProviderChosenPath } from './types'

/**
 * Checks that a chosen path leads from `tokenIn` to `tokenOut` (ERC-20s; the wrapped native for native
 * currency): its first hop spends `tokenIn` and its last pays `tokenOut`. Throws AppError INVALID_PARAMS naming
 * the path's `param` otherwise (a path listed for another side, token or bridged asset). Pure.
 */
export function assertChosenPathEnds(chosen: ProviderChosenPath, tokenIn: Address, tokenOut: Address): void {
  const first = chosen.plan[0]
  const last = chosen.plan.at(-1)
  if (
    first === undefined ||
    last === undefined ||
    !isAddressEqual(first.tokenIn, tokenIn) ||
    !isAddressEqual(last.tokenOut, tokenOut)
  )
    throw new AppError(
      'INVALID_PARAMS',
      `${chosen.param} is a swap from ${first?.tokenIn ?? 'nothing'} to ${last?.tokenOut ?? 'nothing'}: this side swaps ${tokenIn} to ${tokenOut}`,
      { details: { param: chosen.param, tokenIn, tokenOut } },
    )
}
