import { getCode } from 'viem/actions'
import {
  getAccount,
  getBalance,
  getConnectorClient,
  getTransactionReceipt,
  readContract,
  readContracts,
  sendTransaction,
  signMessage,
  signTypedData,
  waitForTransactionReceipt,
  writeContract,
} from 'wagmi/actions'

/**
 * The wallet actions the app runs with the session's wagmi config. They reach components
 * through the wallet session (the loaded wallet module publishes them), so no first-view module imports them.
 */
export const walletKit = {
  getAccount,
  getBalance,
  getCode,
  getConnectorClient,
  getTransactionReceipt,
  readContract,
  readContracts,
  sendTransaction,
  signMessage,
  signTypedData,
  waitForTransactionReceipt,
  writeContract,
}

export type WalletKit = typeof walletKit
