export { BalancesPanel } from './BalancesPanel'
export { type TokenBalance, useTokenBalances } from './useTokenBalances'
