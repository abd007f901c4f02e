import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  getAddress,
  type Hex,
  hexToBytes,
  http,
  isAddress,
  isAddressEqual,
  keccak256,
  type LocalAccount,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  zeroAddress,
} from 'viem'
import { liquidityRouterAbi } from '../../contracts/artifacts/index'
import { blockHashOf, finalSavedBlock } from '../savedHead'
import type { NetworkChainAdapter } from './networkChainAdapter'
import type { ObservedInbound } from './settleInbound'

/** Wei per 1e8 unit of an 18-decimal gas asset. */
const WEI_PER_UNIT = 10n ** 10n
/** Wei per gwei, the unit of `gas_rate` on EVM chains. */
const WEI_PER_GWEI = 10n ** 9n
/** Gas a `transferOut` of the native currency takes at most (an EOA or a contract receiver that accepts it). */
const TRANSFER_OUT_GAS = 120_000n

/** A vault payment's data as THORChain reads its memo: the bytes as text, or none when they are not UTF-8. */
function decodeMemoData(input: Hex): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(input))
  } catch {
    return ''
  }
}

/**
 * The network's adapter for an EVM chain with THORChain's router (`contracts/src/LiquidityRouter.sol`): the
 * observer reads the router's `Deposit` events to the vault and the native coin paid to the vault itself with
 * the memo as data (the sender is the transaction's `from`, where a refund goes), the signer pays with `transferOut{value}(to, 0, amount, memo)` from the
 * vault's key, one nonce per payment (`<chain>:nonce:<n>` in `spends`, so payments signed before a restart
 * keep theirs). Amounts cross as 1e8 units (wei / 1e10, truncated as THORChain does). The vault's `gasRate`
 * (THORNode's `gas_rate` and `recommended_gas_rate`) is the chain's `eth_gasPrice` in gwei, rounded up, read
 * again at every observer pass (`tipHeight`).
 */
export function createEvmChainAdapter(params: {
  /** THORChain's chain name (`ETH`, `BSC`, `AVAX`) and gas asset (`ETH.ETH`, `BSC.BNB`, `AVAX.AVAX`). */
  chain: string
  gasAsset: string
  chainId: number
  rpcUrl: string
  router: Address
  vault: LocalAccount
  /** 1e8 units of the gas asset. */
  outboundFee: bigint
  /** See `NetworkChainAdapter`: blocks, and ms a block must keep its hash (a devnet anvil that saves every 5 s). */
  confirmations?: number
  finalityMs?: number
  /** Where the devnet records the head its last state save covers (`savedHead`): blocks above are not final. */
  savedHeadPath?: string
}): NetworkChainAdapter {
  const { chain, chainId, router, vault } = params
  const client = createPublicClient({ transport: http(params.rpcUrl) })
  const noncePrefix = `${chain}:nonce:`
  /** Gwei, until the first read of the chain's gas price. */
  let gasRateGwei = 1n
  const readGasRate = async () => {
    const wei = await client.getGasPrice()
    const gwei = (wei + WEI_PER_GWEI - 1n) / WEI_PER_GWEI
    gasRateGwei = gwei > 0n ? gwei : 1n
  }

  /** The payment's receipt in the canonical chain: its depth and height, or undefined (none, or rolled back). */
  const confirmationsOf = async (
    hash: `0x${string}`,
  ): Promise<{ confirmations: number; height: number } | undefined> => {
    const receipt = await client.getTransactionReceipt({ hash }).catch((error: unknown) => {
      if (error instanceof TransactionReceiptNotFoundError) return undefined
      throw error
    })
    if (receipt === undefined) return undefined
    const [block, tip] = await Promise.all([
      client.getBlock({ blockNumber: receipt.blockNumber }),
      client.getBlockNumber({ cacheTime: 0 }),
    ])
    return block.hash === receipt.blockHash
      ? { confirmations: Number(tip - receipt.blockNumber) + 1, height: Number(receipt.blockNumber) }
      : undefined
  }
  const savedHeadPath = params.savedHeadPath

  return {
    chain,
    gasAsset: params.gasAsset,
    outboundFee: params.outboundFee,
    ...(params.confirmations === undefined ? {} : { confirmations: params.confirmations }),
    ...(params.finalityMs === undefined ? {} : { finalityMs: params.finalityMs }),
    ...(savedHeadPath === undefined
      ? {}
      : {
          finalHeight: async () => {
            const final = await finalSavedBlock(savedHeadPath, blockHashOf(client))
            return final === undefined ? undefined : Number(final)
          },
        }),
    vault: {
      address: vault.address,
      router,
      get gasRate() {
        return gasRateGwei.toString()
      },
      gasRateUnits: 'gwei',
    },
    isValidAddress: (address) => isAddress(address, { strict: false }),
    // viem caches the block number for its polling interval unless told not to
    async tipHeight() {
      const [height] = await Promise.all([client.getBlockNumber({ cacheTime: 0 }), readGasRate()])
      return Number(height)
    },
    async blockHashAt(height) {
      const block = await client.getBlock({ blockNumber: BigInt(height) }).catch(() => undefined)
      return block?.hash ?? undefined
    },
    async inboundsAt(height) {
      const [logs, block] = await Promise.all([
        client.getContractEvents({
          address: router,
          abi: liquidityRouterAbi,
          eventName: 'Deposit',
          args: { to: vault.address },
          fromBlock: BigInt(height),
          toBlock: BigInt(height),
        }),
        client.getBlock({ blockNumber: BigInt(height), includeTransactions: true }),
      ])
      const found: ObservedInbound[] = []
      for (const log of logs) {
        const { asset, amount, memo } = log.args
        // only the gas asset is pooled; a token deposit stays with the router, credited to the vault
        if (asset !== zeroAddress || amount === undefined || log.transactionHash === null) continue
        const txId = log.transactionHash.slice(2).toLowerCase()
        if (found.some((f) => f.txId === txId)) continue
        const tx = await client.getTransaction({ hash: log.transactionHash })
        found.push({
          txId,
          asset: params.gasAsset,
          amount: amount / WEI_PER_UNIT,
          from: getAddress(tx.from),
          memo: memo ?? '',
        })
      }
      // the native coin paid straight to the vault, the memo as the transaction's data (THORChain's bifrost
      // reads `string(tx.Data())`): a payment to an account cannot revert, so being in the block is enough
      for (const tx of block.transactions) {
        if (tx.to === null || !isAddressEqual(tx.to, vault.address) || tx.value === 0n) continue
        found.push({
          txId: tx.hash.slice(2).toLowerCase(),
          asset: params.gasAsset,
          amount: tx.value / WEI_PER_UNIT,
          from: getAddress(tx.from),
          memo: decodeMemoData(tx.input),
        })
      }
      return found
    },
    async signPayment({ to, amount, memo, reserved }) {
      if (!isAddress(to, { strict: false })) throw new Error(`${to} is not an address on ${chain}`)
      // memos carry addresses in any case
      const receiver = getAddress(to.toLowerCase())
      let nonce = await client.getTransactionCount({ address: vault.address, blockTag: 'pending' })
      while (reserved.has(`${noncePrefix}${nonce}`)) nonce++
      const value = amount * WEI_PER_UNIT
      const fees = await client.estimateFeesPerGas()
      const hex = await vault.signTransaction({
        chainId,
        type: 'eip1559',
        to: router,
        nonce,
        gas: TRANSFER_OUT_GAS,
        maxFeePerGas: fees.maxFeePerGas * 2n,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
        value,
        data: encodeFunctionData({
          abi: liquidityRouterAbi,
          functionName: 'transferOut',
          args: [receiver, zeroAddress, value, memo],
        }),
      })
      return { txid: keccak256(hex), hex, spends: [`${noncePrefix}${nonce}`] }
    },
    async broadcast(payment) {
      const hash = payment.txid as `0x${string}`
      try {
        await client.sendRawTransaction({ serializedTransaction: payment.hex as `0x${string}` })
      } catch (error: unknown) {
        // sent before a restart: the node knows it already
        const known = await client.getTransaction({ hash }).then(
          () => true,
          () => false,
        )
        if (!known) throw error
      }
    },
    async locatePayment(payment) {
      const hash = payment.txid as `0x${string}`
      const mined = await confirmationsOf(hash)
      if (mined !== undefined) return { state: 'mined', ...mined }
      const tx = await client.getTransaction({ hash }).catch((error: unknown) => {
        if (error instanceof TransactionNotFoundError) return undefined
        throw error
      })
      // in the mempool, or mined since the receipt was asked for
      if (tx !== undefined) return { state: 'pending' }
      const nonce = Number(payment.spends[0]?.slice(noncePrefix.length))
      const used = await client.getTransactionCount({ address: vault.address, blockTag: 'latest' })
      if (used <= nonce) return { state: 'missing' }
      // the nonce is spent: by this very payment if it was mined a moment ago, else by another transaction
      return (await confirmationsOf(hash)) === undefined ? { state: 'replaced' } : { state: 'pending' }
    },
  }
}
