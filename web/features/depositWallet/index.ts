export { DevnetDepositWalletPanel } from './components/DevnetDepositWalletPanel'
export type { DepositWallet, DepositWalletFamily, WalletDeposit } from './DepositWallet'
export { useDevnetDepositWallet } from './hooks/useDevnetDepositWallet'
