import { lazyWithPreload } from '../../../lib/lazyWithPreload'

// The gasless order's parts are drawn only once a user picks "Gasless" (the toggle preloads them on hover or
// focus) or has a wallet with orders: not on the first view, whose JS has a budget (bench:web).

/** `GaslessSwapPanel` from its own chunk; render it inside a `Suspense`. */
export const GaslessSwapPanel = lazyWithPreload(() =>
  import('./GaslessSwapPanel').then((m) => m.GaslessSwapPanel),
)

/** `GaslessComparison` from the same chunk as the panel. */
export const GaslessComparison = lazyWithPreload(() =>
  import('./GaslessComparison').then((m) => m.GaslessComparison),
)

/** `GaslessHistory` from its own chunk, drawn once a wallet is connected. */
export const GaslessHistory = lazyWithPreload(() => import('./GaslessHistory').then((m) => m.GaslessHistory))
