import type { SafeStorage } from '../../lib/storage'
import { broadcastUtxoTransaction } from './api/broadcastUtxoTransaction'
import { fetchUtxoNetworks, type UtxoWalletNetwork } from './api/fetchUtxoNetworks'
import { fetchUtxoUnspent } from './api/fetchUtxoUnspent'
import { requestUtxoFaucet } from './api/requestUtxoFaucet'
import type { DepositWallet } from './DepositWallet'
import { buildUtxoDeposit } from './model/buildUtxoDeposit'
import { getDevnetUtxoPrivateKey } from './model/getDevnetUtxoPrivateKey'
import { getUtxoWalletAddress } from './model/getUtxoWalletAddress'

/**
 * The devnet's built-in UTXO wallet: one key generated in the browser and kept in `storage`, an address per
 * devnet UTXO chain, coins read and transactions relayed through the API's devnet routes (the browser cannot
 * reach the nodes), deposits signed in the page. Coins it has spent are not offered again while the node
 * still lists them (until the next block). Devnet only: the routes exist only where the devnet runs.
 */
export function createDevnetUtxoWallet(params: { storage: SafeStorage; baseUrl?: string }): DepositWallet {
  const { baseUrl } = params
  let networks: Promise<UtxoWalletNetwork[]> | undefined
  let privateKey: Uint8Array | undefined
  const spent = new Set<string>()

  const keyOf = () => {
    privateKey ??= getDevnetUtxoPrivateKey(params.storage)
    return privateKey
  }
  const networkOf = async (chainId: number) => {
    networks ??= fetchUtxoNetworks({ baseUrl }).catch((error: unknown) => {
      networks = undefined
      throw error
    })
    const network = (await networks).find((n) => n.chainId === chainId)
    if (network === undefined) throw new Error(`The devnet wallet holds no key on chain ${chainId}`)
    return network
  }
  const coinsOf = async (chainId: number) => {
    const network = await networkOf(chainId)
    const address = getUtxoWalletAddress(network, keyOf())
    const { unspent } = await fetchUtxoUnspent({ baseUrl, chainId, address })
    return unspent
      .filter((u) => !spent.has(`${u.txid}:${u.vout}`))
      .map((u) => ({ txid: u.txid, vout: u.vout, script: u.script, satoshis: BigInt(u.amount) }))
  }

  return {
    async supports(chainId) {
      try {
        await networkOf(chainId)
        return true
      } catch (_error: unknown) {
        return false
      }
    },
    async getAddress(chainId) {
      return getUtxoWalletAddress(await networkOf(chainId), keyOf())
    },
    async getBalance(chainId) {
      return (await coinsOf(chainId)).reduce((sum, coin) => sum + coin.satoshis, 0n)
    },
    async fund(chainId) {
      const network = await networkOf(chainId)
      const paid = await requestUtxoFaucet({
        baseUrl,
        chainId,
        address: getUtxoWalletAddress(network, keyOf()),
      })
      return BigInt(paid.amount)
    },
    async payDeposit(chainId, deposit) {
      const network = await networkOf(chainId)
      const signed = buildUtxoDeposit({
        network,
        privateKey: keyOf(),
        coins: await coinsOf(chainId),
        deposit,
      })
      const txid = await broadcastUtxoTransaction({ baseUrl, chainId, hex: signed.hex })
      for (const outpoint of signed.spends) spent.add(outpoint)
      return txid
    },
  }
}
