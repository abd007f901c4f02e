import { broadcastCosmosTransaction } from './api/broadcastCosmosTransaction'
import { fetchCosmosAccount } from './api/fetchCosmosAccount'
import { fetchCosmosNetworks } from './api/fetchCosmosNetworks'
import type { WalletDeposit } from './DepositWallet'
import { describeKeplrChain } from './model/describeKeplrChain'
import type { Keplr } from './model/getKeplr'

/**
 * Pays a deposit on a devnet Cosmos chain with Keplr: suggests the chain to Keplr (its RPC and currency from
 * the devnet route), asks the user to enable it, reads the Keplr account's number and sequence, has Keplr sign
 * the same `MsgSend` with the memo the devnet wallet signs (SIGN_MODE_DIRECT, cosmjs loaded on demand), and
 * relays it; answers the transaction hash. Works where the devnet routes are mounted; untested without the
 * extension.
 */
export async function payWithKeplr(params: {
  keplr: Keplr
  chainId: number
  chainName: string
  deposit: WalletDeposit
  baseUrl?: string
}): Promise<string> {
  const { keplr, chainId, baseUrl } = params
  const network = (await fetchCosmosNetworks({ baseUrl })).find((n) => n.chainId === chainId)
  if (network === undefined) throw new Error(`Keplr cannot pay on chain ${chainId} here`)
  await keplr.experimentalSuggestChain(describeKeplrChain(network, params.chainName))
  await keplr.enable(network.cosmosChainId)
  const signer = keplr.getOfflineSigner(network.cosmosChainId)
  const [key] = await signer.getAccounts()
  if (key === undefined) throw new Error('Keplr shared no account')
  const account = await fetchCosmosAccount({ baseUrl, chainId, address: key.address })
  const { signCosmosDeposit } = await import('./model/signCosmosDeposit')
  const signed = await signCosmosDeposit({
    signer,
    from: key.address,
    network,
    account: {
      accountNumber: BigInt(account.accountNumber ?? 0),
      sequence: account.sequence,
      balance: BigInt(account.balance),
    },
    deposit: params.deposit,
  })
  return broadcastCosmosTransaction({ baseUrl, chainId, txBytes: signed.txBase64 })
}
