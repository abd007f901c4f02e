import type { SafeStorage } from '../../lib/storage'
import { broadcastCosmosTransaction } from './api/broadcastCosmosTransaction'
import { fetchCosmosAccount } from './api/fetchCosmosAccount'
import { type CosmosWalletNetwork, fetchCosmosNetworks } from './api/fetchCosmosNetworks'
import { requestCosmosFaucet } from './api/requestCosmosFaucet'
import type { DepositWallet } from './DepositWallet'
import { getDevnetCosmosPrivateKey } from './model/getDevnetCosmosPrivateKey'

/**
 * The devnet's built-in Cosmos wallet: one secp256k1 key generated in the browser and kept in `storage`, its
 * `cosmos1...` address, the account and balance read and signed `TxRaw`s relayed through the API's devnet
 * routes, deposits signed in the page with cosmjs (one `MsgSend` to the inbound address with the memo).
 * cosmjs loads on demand, when the wallet first needs its address. A second payment before the first is in
 * a block signs the next sequence. Devnet only: the routes exist only where the devnet runs.
 */
export function createDevnetCosmosWallet(params: { storage: SafeStorage; baseUrl?: string }): DepositWallet {
  const { baseUrl } = params
  let networks: Promise<CosmosWalletNetwork[]> | undefined
  let privateKey: Uint8Array | undefined
  const nextSequence = new Map<number, number>()

  const networkOf = async (chainId: number) => {
    networks ??= fetchCosmosNetworks({ baseUrl }).catch((error: unknown) => {
      networks = undefined
      throw error
    })
    const network = (await networks).find((n) => n.chainId === chainId)
    if (network === undefined) throw new Error(`The devnet wallet holds no key on chain ${chainId}`)
    return network
  }
  const signerOf = async (network: CosmosWalletNetwork) => {
    privateKey ??= getDevnetCosmosPrivateKey(params.storage)
    const { getCosmosWalletSigner } = await import('./model/getCosmosWalletSigner')
    return getCosmosWalletSigner(privateKey, network.bech32Prefix)
  }
  const addressOf = async (chainId: number) => (await signerOf(await networkOf(chainId))).address

  return {
    async supports(chainId) {
      try {
        await networkOf(chainId)
        return true
      } catch (_error: unknown) {
        return false
      }
    },
    getAddress: addressOf,
    async getBalance(chainId) {
      const account = await fetchCosmosAccount({ baseUrl, chainId, address: await addressOf(chainId) })
      return BigInt(account.balance)
    },
    async fund(chainId) {
      const paid = await requestCosmosFaucet({ baseUrl, chainId, address: await addressOf(chainId) })
      return BigInt(paid.amount)
    },
    async payDeposit(chainId, deposit) {
      const network = await networkOf(chainId)
      const { signer, address } = await signerOf(network)
      const account = await fetchCosmosAccount({ baseUrl, chainId, address })
      const sequence = Math.max(account.sequence, nextSequence.get(chainId) ?? 0)
      const { signCosmosDeposit } = await import('./model/signCosmosDeposit')
      const signed = await signCosmosDeposit({
        signer,
        from: address,
        network,
        account: {
          accountNumber: BigInt(account.accountNumber ?? 0),
          sequence,
          balance: BigInt(account.balance),
        },
        deposit,
      })
      const txHash = await broadcastCosmosTransaction({ baseUrl, chainId, txBytes: signed.txBase64 })
      nextSequence.set(chainId, sequence + 1)
      return txHash
    },
  }
}
