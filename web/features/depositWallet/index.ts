export { DevnetDepositWalletPanel } from './components/DevnetDepositWalletPanel'
export { KeplrDepositPanel } from './components/KeplrDepositPanel'
export type { DepositWallet, DepositWalletFamily, WalletDeposit } from './DepositWallet'
export { useDevnetDepositWallet } from './hooks/useDevnetDepositWallet'
