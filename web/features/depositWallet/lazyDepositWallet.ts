import type { DepositWallet } from './DepositWallet'

/**
 * A deposit wallet whose code loads on its first call (`load`, a dynamic import): its signing libraries stay out
 * of the page until a devnet deposit wallet is used. A failed load is tried again on the next call.
 */
export function lazyDepositWallet(load: () => Promise<DepositWallet>): DepositWallet {
  let loading: Promise<DepositWallet> | undefined
  const wallet = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    })
    return loading
  }
  return {
    supports: async (chainId) => (await wallet()).supports(chainId),
    getAddress: async (chainId) => (await wallet()).getAddress(chainId),
    getBalance: async (chainId) => (await wallet()).getBalance(chainId),
    fund: async (chainId) => (await wallet()).fund(chainId),
    payDeposit: async (chainId, deposit) => (await wallet()).payDeposit(chainId, deposit),
  }
}
