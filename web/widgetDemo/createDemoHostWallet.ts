import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { fetchChains, isEvmChainRecord, requestFaucet } from '../lib/api'
import { createLocalAccountProvider, type LocalAccountProvider } from '../lib/createLocalAccountProvider'
import { toViemChain } from '../lib/toViemChain'

/**
 * A wallet for the demo page when the browser has none (devnet only): a fresh account funded by the devnet
 * faucet, signing in the page and sending through the API's RPC proxy (the chain list, the faucet and the RPC
 * are forwarded by the demo listener, so they are same-origin here). The key lives only as long as the page.
 */
export async function createDemoHostWallet(): Promise<LocalAccountProvider> {
  const records = await fetchChains()
  const chains = records
    .filter(isEvmChainRecord)
    .map((record) => toViemChain({ record, origin: window.location.origin }))
  const account = privateKeyToAccount(generatePrivateKey())
  await requestFaucet({ address: account.address })
  return createLocalAccountProvider({ account, chains })
}
