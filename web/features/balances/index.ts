export { BalancesPanel } from './BalancesPanel'
export { toBalanceMap } from './toBalanceMap'
export { type TokenBalance, useTokenBalances } from './useTokenBalances'
