export { findPendingSwap } from './findPendingSwap'
export { HistoryPanel } from './HistoryPanel'
export type { SwapRecord, SwapRecordStatus } from './swapRecord'
export { useSwapHistory } from './useSwapHistory'
