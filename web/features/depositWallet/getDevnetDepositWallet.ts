import { getSafeLocalStorage } from '../../lib/storage'
import type { DepositWallet, DepositWalletFamily } from './DepositWallet'
import { lazyDepositWallet } from './lazyDepositWallet'

/** How each family's devnet wallet is made (its signing code loads on first use). */
const factories: Record<DepositWalletFamily, (() => DepositWallet) | undefined> = {
  utxo: () =>
    lazyDepositWallet(() =>
      import('./createDevnetUtxoWallet').then((m) =>
        m.createDevnetUtxoWallet({ storage: getSafeLocalStorage() }),
      ),
    ),
  cosmos: () =>
    lazyDepositWallet(() =>
      import('./createDevnetCosmosWallet').then((m) =>
        m.createDevnetCosmosWallet({ storage: getSafeLocalStorage() }),
      ),
    ),
}

const wallets = new Map<DepositWalletFamily, DepositWallet>()

/**
 * The page's built-in devnet deposit wallet for a chain family (created on first use, one per family), or
 * undefined where the family has none. Offer it only on devnet chains (`chain.isDevnet`).
 */
export function getDevnetDepositWallet(family: string): DepositWallet | undefined {
  if (family !== 'utxo' && family !== 'cosmos') return undefined
  const existing = wallets.get(family)
  if (existing !== undefined) return existing
  const wallet = factories[family]?.()
  if (wallet !== undefined) wallets.set(family, wallet)
  return wallet
}
