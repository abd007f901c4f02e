import { type Address, encodeFunctionData, getAddress, isAddress, isAddressEqual, zeroAddress } from 'viem'
import { z } from 'zod'
import { liquidityEntryAbi, liquidityRouterAbi } from '../../../contracts/artifacts'
import { chainInfos, getChainInfo } from '../../chains/chainInfo'
import type { ChainDeployment } from '../../chains/deployment'
import { createRecentValue } from '../../createRecentValue'
import { AppError, compatibleMessages } from '../../errors'
import type { Markets } from '../../market/createMarkets'
import type { ContractStep } from '../../routing/toContractSteps'
import { MemoError, parseSwapMemo, type SwapMemo } from '../../thorchain/parseSwapMemo'
import { formatThorAsset } from '../../thorchain/thorAsset'
import { withRefundAddress } from '../../thorchain/withRefundAddress'
import { stepsFromJson, stepsToJson } from '../contractStepsJson'
import { parsePostedDetails } from '../parsePostedDetails'
import { planPathSteps } from '../stargate/planPathSteps'
import type { CrossChainProvider, ProviderQuote, ProviderTransaction, ProviderTransferRecord } from '../types'
import type { ThornodeClient, ThornodeInboundAddress, ThornodeTxStatus } from './createThornodeClient'
import { ThornodeRefusal } from './createThornodeClient'
import { priceThorAssetsUsd } from './priceThorAssetsUsd'
import {
  chainIdOfThorChain,
  fromThorUnits,
  toMemoAddress,
  toThorNativeAsset,
  toThorUnits,
} from './thorchainAssets'

/** What `buildTransaction` reads of a posted quote's `details`: the memo (THORNode's, at most 250 bytes). */
const thorchainDetails = z.object({ memo: z.string().min(1, 'expected a swap memo').max(250) })

/** How long the pools read for USD prices serve quotes before they are read again. */
const POOL_PRICES_MAX_AGE_MS = 2_000

/** Every chain the liquidity network may serve: those with a network name (`thorChain`) in `chainInfo`. */
const networkChainIds: readonly number[] = chainInfos.flatMap((c) =>
  c.thorChain === undefined ? [] : [c.id],
)

/** The liquidity-network provider as the rest of the server sees it: a provider plus its vaults. */
export interface ThorchainProvider extends CrossChainProvider {
  /** The network's inbound vault (and router on EVM chains) per served chain. */
  inboundAddresses(): Promise<{ chainId: number; address: string; router?: string; halted: boolean }[]>
  /**
   * USD price of the native coin of `chainId` by the network's pools (`priceThorAssetsUsd`), with the USD
   * prices the caller knows of EVM native coins (`knownUsd` by chain id); undefined when unknown.
   */
  usdPriceOf(chainId: number, knownUsd: (chainId: number) => number | undefined): Promise<number | undefined>
}

/**
 * The cross-chain provider for trades through a THORChain-compatible liquidity network (UTXO and Cosmos
 * assets, and the native coins of the EVM chains it serves), speaking THORNode's HTTP API through `client`,
 * so it serves the devnet's network and a real THORNode alike. It quotes with THORNode's own swap quote (the
 * memo pays `expected_amount_out` to the receiver, with the slippage as the memo's limit); the transaction is
 * a payment of the input to the network's inbound vault with that memo (an OP_RETURN on UTXO chains, a `MsgSend`
 * with the memo on Cosmos chains, the router's `depositWithExpiry` with the quote's expiry on EVM chains); it tracks a trade by its inbound transaction. Directions are
 * those of the spec's table: EVM to UTXO/Cosmos, UTXO/Cosmos to an EVM chain's native coin, UTXO/Cosmos
 * between themselves. An ERC-20 source on an EVM chain whose deployment has our `LiquidityEntry` (with the
 * chain's `markets`) is swapped to the native coin along one path and deposited in the same transaction
 * (`swapAndDeposit`, approval to the entry); the network quotes the native amount that path pays.
 */
export function createThorchainProvider(params: {
  client: ThornodeClient
  /**
   * Chains the network serves. Absent: the chains its inbound addresses list, read on first use (quote, track,
   * build, inbound addresses) and kept once read; until then every chain with a network name, so a THORNode that
   * is slow at the server's start leaves the provider mounted and its paths answer THORNode's outage (503).
   */
  chainIds?: readonly number[]
  /** EVM deployments (`liquidityEntry`, wrapped native) and their pool snapshots, for ERC-20 sources. */
  deployments?: readonly ChainDeployment[]
  markets?: Markets
  now?: () => number
}): ThorchainProvider {
  const { client, markets } = params
  let served = params.chainIds
  /** The served chains: as given or read, else every chain the network may serve (answered through THORNode). */
  const chains = () => served ?? networkChainIds
  /** THORNode's inbound addresses; the first answer sets the served chains when they were not given. */
  const readInbound = async (signal?: AbortSignal) => {
    const list = await client.inboundAddresses(signal)
    served ??= list.flatMap((a) => {
      const id = chainIdOfThorChain(a.chain)
      return id === undefined ? [] : [id]
    })
    return list
  }
  // USD prices only (never a settlement amount): pool depths a moment old serve every quote of that moment
  const pricingPools = createRecentValue(() => client.pools(), POOL_PRICES_MAX_AGE_MS)
  const entryDeploymentOf = (chainId: number) =>
    params.deployments?.find((d) => d.chainId === chainId && d.liquidityEntry !== undefined)
  /** An ERC-20 input swapped to the native coin on its chain: the path, what it pays, and its minimum. */
  const planOriginSwap = (
    request: Parameters<CrossChainProvider['quote']>[0],
  ): { entry: Address; steps: ContractStep[]; nativeOut: bigint; minNativeOut: bigint } | undefined => {
    const deployment = entryDeploymentOf(request.from.chainId)
    if (deployment?.liquidityEntry === undefined || markets === undefined) return undefined
    try {
      const planned = planPathSteps(markets.get(deployment.chainId), {
        tokenIn: getAddress(request.from.address),
        tokenOut: deployment.wrappedNative,
        amountIn: request.amountIn,
      })
      const slippageBps = BigInt(Math.round(request.slippage * 10_000))
      return {
        entry: deployment.liquidityEntry,
        steps: planned.steps,
        nativeOut: planned.amountOut,
        minNativeOut: (planned.amountOut * (10_000n - slippageBps)) / 10_000n,
      }
    } catch (_error: unknown) {
      return undefined
    }
  }
  const now = params.now ?? (() => Math.floor(Date.now() / 1000))
  const familyOf = (chainId: number) => getChainInfo(chainId)?.family

  const inboundOf = async (chainId: number, signal?: AbortSignal): Promise<ThornodeInboundAddress> => {
    const chain = getChainInfo(chainId)?.thorChain
    const inbound = (await readInbound(signal)).find((a) => a.chain === chain)
    if (inbound === undefined) throw new Error(`the network has no inbound address on chain ${chainId}`)
    return inbound
  }

  /**
   * The rule for "ours" on the liquidity network, whose deposits carry no mark of our contracts (UTXO and Cosmos
   * payments, router deposits): an inbound is a trade of this API only when it is what `buildTransaction` could
   * have sent: the native coin of a chain we serve, with a memo that parses as a swap, names no affiliate (ours
   * never do) and asks for the native asset of a chain we serve in a direction we serve. Anything else (a
   * liquidity add, a foreign front end's affiliate swap, an invalid memo) is someone else's: not answered, not
   * stored. The chains and sides of such a swap, else undefined.
   */
  const toOurSwap = (
    tx: ThornodeTxStatus['tx'],
  ): { sourceChainId: number; destinationChainId: number } | undefined => {
    const sourceChainId = chainIdOfThorChain(tx.chain)
    if (sourceChainId === undefined || !chains().includes(sourceChainId)) return undefined
    const coin = tx.coins[0]
    if (tx.coins.length !== 1 || coin?.asset.toUpperCase() !== toThorNativeAsset(sourceChainId, zeroAddress))
      return undefined
    let memo: SwapMemo
    try {
      memo = parseSwapMemo(tx.memo ?? '')
    } catch (error: unknown) {
      if (error instanceof MemoError) return undefined
      throw error
    }
    if (memo.affiliate !== undefined || memo.affiliateBps > 0) return undefined
    const destinationChainId = chainIdOfThorChain(memo.asset.chain)
    if (
      destinationChainId === undefined ||
      toThorNativeAsset(destinationChainId, zeroAddress) !== formatThorAsset(memo.asset) ||
      !servesPair(sourceChainId, destinationChainId)
    )
      return undefined
    return { sourceChainId, destinationChainId }
  }
  const servesPair = (sourceChainId: number, destinationChainId: number) =>
    chains().includes(sourceChainId) &&
    chains().includes(destinationChainId) &&
    sourceChainId !== destinationChainId &&
    (familyOf(sourceChainId) !== 'evm' || familyOf(destinationChainId) !== 'evm')

  return {
    id: 'thorchain',
    tradeProtocol: 'CROSS_CHAIN_THORCHAIN',
    flow: 'utxo',
    info: {
      name: 'THORChain',
      logo: '/providers/thorchain.svg',
      website: 'https://thorchain.org',
      docsLink: 'https://dev.thorchain.org',
      description:
        'A cross-chain liquidity network: native assets swap through RUNE pools and are paid out by its vaults, no wrapped tokens.',
    },
    get chainIds() {
      return chains()
    },
    serves: servesPair,

    async quote(request, { signal }) {
      // a pair served until THORNode says which chains it serves: the quote asks it (503 while it is out)
      if (served === undefined) await readInbound(signal)
      if (!servesPair(request.from.chainId, request.to.chainId)) return []
      const tokenSource =
        familyOf(request.from.chainId) === 'evm' &&
        !isAddressEqual(request.from.address as Address, zeroAddress)
      const origin = tokenSource ? planOriginSwap(request) : undefined
      if (tokenSource && origin === undefined) return []
      const fromAsset = toThorNativeAsset(
        request.from.chainId,
        tokenSource ? zeroAddress : request.from.address,
      )
      const toAsset = toThorNativeAsset(request.to.chainId, request.to.address)
      if (fromAsset === undefined || toAsset === undefined) return []
      const nativeDecimals = getChainInfo(request.from.chainId)?.nativeCurrency.decimals ?? 18
      const amount =
        origin === undefined
          ? toThorUnits(request.amountIn, request.from.decimals)
          : toThorUnits(origin.nativeOut, nativeDecimals)
      const toleranceBps = Math.round(request.slippage * 10_000)
      let quote: Awaited<ReturnType<ThornodeClient['quoteSwap']>>
      try {
        quote = await client.quoteSwap(
          { fromAsset, toAsset, amount, destination: toMemoAddress(request.receiver), toleranceBps },
          signal,
        )
      } catch (error: unknown) {
        if (error instanceof ThornodeRefusal && /amount|fee|dust/i.test(error.message))
          throw new AppError('BELOW_MINIMUM', compatibleMessages.insufficientAmount, {
            details: { provider: 'thorchain', reason: error.message },
          })
        if (error instanceof ThornodeRefusal)
          throw new AppError('NO_ROUTE', `The liquidity network refused the trade: ${error.message}`, {
            details: { provider: 'thorchain', reason: error.message },
          })
        throw error
      }
      const minIn = BigInt(quote.recommended_min_amount_in ?? '0')
      if (amount < minIn)
        throw new AppError('BELOW_MINIMUM', compatibleMessages.insufficientAmount, {
          details: {
            provider: 'thorchain',
            reason: `The liquidity network needs at least ${minIn} (1e8 units) of ${fromAsset}`,
            minimumAmount: fromThorUnits(
              minIn,
              origin === undefined ? request.from.decimals : nativeDecimals,
            ).toString(),
            ...(origin === undefined ? {} : { minimumIn: 'native currency after the origin swap' }),
          },
        })
      if (quote.memo === undefined) throw new Error('THORNode answered a quote without a memo')
      const expected = BigInt(quote.expected_amount_out)
      const limit = parseSwapMemo(quote.memo).limit
      const outAsset = { ...request.to }
      return [
        {
          providerId: 'thorchain',
          request,
          amountOut: fromThorUnits(expected, request.to.decimals),
          amountOutMin: fromThorUnits(limit, request.to.decimals),
          fees: [
            {
              kind: 'liquidity',
              asset: outAsset,
              amount: fromThorUnits(BigInt(quote.fees.liquidity), request.to.decimals),
            },
            {
              kind: 'gas',
              asset: outAsset,
              amount: fromThorUnits(BigInt(quote.fees.outbound), request.to.decimals),
            },
            {
              kind: 'integrator',
              asset: outAsset,
              amount: fromThorUnits(BigInt(quote.fees.affiliate), request.to.decimals),
            },
          ],
          estimatedDurationSec: quote.total_swap_seconds ?? 0,
          route: { via: 'RUNE', sourceSwap: tokenSource, destinationSwap: false },
          expiresAt: quote.expiry,
          nativeFee: 0n,
          details: {
            ...quote,
            memo: quote.memo,
            fromAsset,
            toAsset,
            ...(origin === undefined
              ? {}
              : {
                  entry: origin.entry,
                  originSteps: stepsToJson(origin.steps),
                  nativeAmount: origin.nativeOut.toString(),
                  minNativeOut: origin.minNativeOut.toString(),
                }),
          },
        },
      ]
    },

    async buildTransaction(quote: ProviderQuote): Promise<ProviderTransaction> {
      const { request, details } = quote
      if (quote.expiresAt <= now())
        throw new AppError('QUOTE_EXPIRED', 'The liquidity network quote has expired: quote again', {
          details: { expiry: quote.expiresAt },
        })
      const { memo } = parsePostedDetails(thorchainDetails, details)
      let parsed: SwapMemo
      try {
        parsed = parseSwapMemo(memo)
      } catch (error: unknown) {
        if (!(error instanceof MemoError)) throw error
        throw new AppError('INVALID_PARAMS', `transactionData.memo is not a swap memo: ${error.message}`, {
          details: { param: 'transactionData.memo' },
        })
      }
      const toAsset = toThorNativeAsset(request.to.chainId, request.to.address)
      if (
        toAsset === undefined ||
        formatThorAsset(parsed.asset) !== toAsset ||
        parsed.destination !== toMemoAddress(request.receiver)
      )
        throw new AppError('INVALID_PARAMS', 'The memo does not pay the receiver in the requested asset', {
          details: { param: 'transactionData.memo' },
        })
      // the memo's limit is at least the quote's minimum (a lower one, or 0 = none, lets the network pay less),
      // and this provider takes no affiliate fee
      const minimum = toThorUnits(quote.amountOutMin, request.to.decimals)
      if (parsed.limit < minimum || parsed.affiliate !== undefined || parsed.affiliateBps > 0)
        throw new AppError('INVALID_PARAMS', "The memo's limit or affiliate is not the quote's", {
          details: { param: 'transactionData.memo' },
        })
      // the refund address is ours to set (the sender), never the posted memo's
      if (parsed.refundAddress !== undefined)
        throw new AppError('INVALID_PARAMS', 'The memo names a refund address of its own', {
          details: { param: 'transactionData.memo' },
        })
      // the vault is always the network's current one, whatever the client sent back
      const inbound = await inboundOf(request.from.chainId)
      if (inbound.halted)
        throw new AppError('UPSTREAM_UNAVAILABLE', 'The liquidity network has halted this chain', {
          details: { chainId: request.from.chainId },
        })
      const source = getChainInfo(request.from.chainId)
      if (source?.family === 'evm' && !isAddressEqual(request.from.address as Address, zeroAddress)) {
        const entry = entryDeploymentOf(source.id)?.liquidityEntry
        if (
          entry === undefined ||
          typeof details.entry !== 'string' ||
          !isAddress(details.entry) ||
          !isAddressEqual(details.entry, entry)
        )
          throw new AppError('INVALID_PARAMS', "transactionData.entry is not this chain's liquidity entry", {
            details: { param: 'transactionData.entry' },
          })
        const minNativeOut = typeof details.minNativeOut === 'string' ? details.minNativeOut : ''
        if (!/^\d{1,78}$/.test(minNativeOut))
          throw new AppError(
            'INVALID_PARAMS',
            'transactionData.minNativeOut is not what this quote carried',
            {
              details: { param: 'transactionData.minNativeOut' },
            },
          )
        const tokenIn = getAddress(request.from.address)
        return {
          family: 'evm',
          chainId: source.id,
          to: entry,
          data: encodeFunctionData({
            abi: liquidityEntryAbi,
            functionName: 'swapAndDeposit',
            args: [
              {
                tokenIn,
                amountIn: request.amountIn,
                minNativeOut: BigInt(minNativeOut),
                deadline: BigInt(quote.expiresAt),
                vault: getAddress(inbound.address),
                memo,
                expiration: BigInt(quote.expiresAt),
                // the entry writes it into the memo: refunds reach the sender even from a contract wallet
                refundAddress: isAddress(request.sender) ? getAddress(request.sender) : zeroAddress,
              },
              stepsFromJson(details.originSteps, 'originSteps'),
            ],
          }),
          value: 0n,
          approval: { token: tokenIn, spender: entry, amount: request.amountIn },
        }
      }
      if (source?.family === 'evm') {
        // THORChain's router takes native deposits too: the memo and the quote's expiry are enforced on chain
        if (inbound.router === undefined)
          throw new AppError('UPSTREAM_UNAVAILABLE', 'The liquidity network has no router on this chain', {
            details: { chainId: source.id },
          })
        return {
          family: 'evm',
          chainId: source.id,
          to: getAddress(inbound.router),
          data: encodeFunctionData({
            abi: liquidityRouterAbi,
            functionName: 'depositWithExpiry',
            args: [
              getAddress(inbound.address),
              zeroAddress,
              request.amountIn,
              // the network refunds the transaction's sender, which is not the user's contract wallet
              isAddress(request.sender) ? withRefundAddress(memo, request.sender.toLowerCase()) : memo,
              BigInt(quote.expiresAt),
            ],
          }),
          value: request.amountIn,
        }
      }
      if (source?.family === 'utxo')
        return { family: 'utxo', chainId: source.id, to: inbound.address, amount: request.amountIn, memo }
      if (source?.family === 'cosmos')
        return {
          family: 'cosmos',
          chainId: source.id,
          from: request.sender,
          to: inbound.address,
          amount: request.amountIn,
          denom: source.denom,
          decimals: source.nativeCurrency.decimals,
          memo,
        }
      throw new AppError(
        'UNSUPPORTED_DIRECTION',
        `No deposit from chain ${request.from.chainId} is served yet`,
        {
          details: { chainId: request.from.chainId },
        },
      )
    },

    // one lookup of THORNode's whatever the hint says: the network's EVM chains need not be chains we hold
    async track(originTxHash): Promise<ProviderTransferRecord | undefined> {
      if (served === undefined) await readInbound()
      const status = await client.txStatus(originTxHash)
      if (status === undefined) return undefined
      const ours = toOurSwap(status.tx)
      if (ours === undefined) return undefined
      const { sourceChainId, destinationChainId } = ours
      const out = status.out_txs?.[0]
      const base = { originTxHash, sourceChainId, destinationChainId, receivedDifferentTokens: false }
      if (out === undefined) return { ...base, state: 'INFLIGHT' }
      const outChainId = chainIdOfThorChain(out.chain) ?? sourceChainId
      const decimals = getChainInfo(outChainId)?.nativeCurrency.decimals ?? 8
      const paid = fromThorUnits(BigInt(out.coins[0]?.amount ?? '0'), decimals)
      // an outbound on the source chain is the network's refund (our swaps always cross chains)
      const refunded = outChainId === sourceChainId
      return {
        ...base,
        state: refunded ? 'FAILED' : 'DELIVERED',
        // the source coin came back to the sender: not a loss, and not the destination's asset or decimals
        ...(refunded ? { refunded: true } : {}),
        destinationTxHash: out.id,
        amountReceived: paid,
      }
    },

    async usdPriceOf(chainId, knownUsd) {
      const asset = toThorNativeAsset(chainId, zeroAddress)
      if (asset === undefined) return undefined
      const prices = priceThorAssetsUsd(await pricingPools.get(), (name) => {
        const known = chainIdOfThorChain(name.split('.')[0] ?? '')
        return known === undefined ||
          getChainInfo(known)?.family !== 'evm' ||
          toThorNativeAsset(known, zeroAddress) !== name
          ? undefined
          : knownUsd(known)
      })
      return prices.get(asset)
    },

    async inboundAddresses() {
      const list = await readInbound()
      return list.flatMap((a) => {
        const chainId = chainIdOfThorChain(a.chain)
        if (chainId === undefined || !chains().includes(chainId)) return []
        return [{ chainId, address: a.address, ...(a.router ? { router: a.router } : {}), halted: a.halted }]
      })
    },
  }
}
