import {
  type Address,
  decodeEventLog,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  type Hex,
  isAddressEqual,
  pad,
  zeroAddress,
  zeroHash,
} from 'viem'
import { z } from 'zod'
import { stargateComposerAbi, stargateEntryAbi } from '../../../contracts/artifacts'
import type { ChainDeployment, StargatePoolInfo } from '../../chains/deployment'
import { AppError } from '../../errors'
import type { Markets } from '../../market/createMarkets'
import type { ContractStep } from '../../routing/toContractSteps'
import { stepsFromJson, stepsToJson } from '../contractStepsJson'
import { badPostedField, parsePostedDetails, postedFields } from '../parsePostedDetails'
import { toProviderSentTransfers } from '../toProviderSentTransfers'
import type { CrossChainProvider, ProviderQuote, ProviderTransferRecord } from '../types'
import { computeRemoteAmountLD } from './computeRemoteAmountLD'
import { encodeExecutorOptions } from './encodeExecutorOptions'
import { isLogOnChain } from './isLogOnChain'
import { planPathSteps } from './planPathSteps'
import { destinationSwapParameter, stargatePoolAbi } from './stargatePoolAbi'

/** Gas the executor gives our composer: its own work plus each swap step of the destination route. */
const COMPOSE_BASE_GAS = 300_000n
const COMPOSE_GAS_PER_STEP = 200_000n
/** How long the destination swap may wait for delivery before it pays the bridged asset instead. */
const DESTINATION_DEADLINE_SEC = 3_600
/** Stargate's taxi (one message per send), seconds per chain pair on the devnet relayer's pace. */
const TAXI_SECONDS = 60

const isNative = (address: string) => isAddressEqual(address as Address, zeroAddress)

const badData = (field: string) => badPostedField(field)

/** What `buildTransaction` reads of a posted quote's `details` (`quote` writes them). */
const stargateDetails = z.object({
  pool: postedFields.address,
  composer: postedFields.address,
  dstEid: z.number().int(),
  minBridgeAmount: postedFields.uint256,
  minAmountLD: postedFields.uint256,
  extraOptions: postedFields.bytes,
  feeRecipient: postedFields.address,
  feeBps: postedFields.feeBps,
  deadline: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
})

/**
 * The cross-chain provider over Stargate V2 (LayerZero V2) between EVM chains, through our contracts: on the
 * origin, `StargateEntry.swapAndSend` swaps the input to a Stargate pool's asset when needed (one path through
 * the Aggregator) and sends it in one transaction; on the destination, our `StargateComposer` receives it
 * through `lzCompose` and swaps it to the requested token (min-out and deadline; else it pays the bridged
 * asset). Quotes come from the pools themselves (`quoteOFT` for what arrives, `quoteSend` for the native fee,
 * compose gas included) and from the two chains' pool snapshots; addresses from the chain deployments only.
 * Tracks a trade by the origin transaction's `CrossSwapSent` and the destination's compose or OFT events.
 */
export function createStargateProvider(params: {
  deployments: readonly ChainDeployment[]
  markets: Markets
  /** Unix seconds. */
  now?: () => number
}): CrossChainProvider {
  const { deployments, markets } = params
  const now = params.now ?? (() => Math.floor(Date.now() / 1000))
  const served = deployments.filter((d) => d.stargate !== undefined && d.layerZero !== undefined)
  const deploymentOf = (chainId: number) => served.find((d) => d.chainId === chainId)
  const chainIds = served.map((d) => d.chainId)
  // a pool's shared decimals are immutable: read once per pool
  const sharedDecimalsOf = new Map<string, Promise<number>>()
  const readSharedDecimals = (chainId: number, pool: Address) => {
    const key = `${chainId}:${pool.toLowerCase()}`
    let read = sharedDecimalsOf.get(key)
    if (read === undefined) {
      read = markets
        .get(chainId)
        .client.readContract({ address: pool, abi: stargatePoolAbi, functionName: 'sharedDecimals' })
      // a failed read is not kept: the next quote asks again
      read.catch(() => sharedDecimalsOf.delete(key))
      sharedDecimalsOf.set(key, read)
    }
    return read
  }

  return {
    id: 'stargate',
    tradeProtocol: 'CROSS_CHAIN_STARGATE',
    flow: 'crossChain',
    integratorFee: true,
    info: {
      name: 'Stargate',
      logo: '/providers/stargate.svg',
      website: 'https://stargate.finance',
      docsLink: 'https://stargateprotocol.gitbook.io/stargate/v2-user-docs',
      description:
        'A liquidity bridge over LayerZero: the bridged asset leaves a pool on one chain and arrives from its pool on the other, swapped on both sides by our contracts.',
    },
    chainIds,
    serves: (a, b) => a !== b && deploymentOf(a) !== undefined && deploymentOf(b) !== undefined,

    async quote(request) {
      const origin = deploymentOf(request.from.chainId)
      const destination = deploymentOf(request.to.chainId)
      if (
        origin?.stargate === undefined ||
        destination?.stargate === undefined ||
        destination.layerZero === undefined
      )
        return []
      const originMarket = markets.get(origin.chainId)
      const destinationMarket = markets.get(destination.chainId)
      const quotes: ProviderQuote[] = []
      for (const pool of origin.stargate.pools) {
        const remote = destination.stargate.pools.find((p) => p.assetId === pool.assetId)
        if (remote === undefined) continue
        const quote = await quoteOverPool({ pool, remote }).catch(() => undefined)
        if (quote !== undefined) quotes.push(quote)
      }
      return quotes

      async function quoteOverPool({ pool, remote }: { pool: StargatePoolInfo; remote: StargatePoolInfo }) {
        if (
          origin?.stargate === undefined ||
          destination?.stargate === undefined ||
          destination.layerZero === undefined
        )
          return undefined
        const slippageBps = BigInt(Math.round(request.slippage * 10_000))
        const fromAddress = getAddress(request.from.address)
        const toAddress = getAddress(request.to.address)
        // origin: the input is the pool's asset, or one path swaps it into the pool's (ERC-20) asset
        let bridged = request.amountIn
        let originSteps: ContractStep[] = []
        if (!isAddressEqual(fromAddress, pool.token)) {
          if (isNative(pool.token)) return undefined
          const planned = planPathSteps(originMarket, {
            tokenIn: isNative(fromAddress) ? origin.wrappedNative : fromAddress,
            tokenOut: pool.token,
            amountIn: request.amountIn,
          })
          originSteps = planned.steps
          bridged = planned.amountOut
        }
        const minBridgeAmount = originSteps.length === 0 ? 0n : (bridged * (10_000n - slippageBps)) / 10_000n
        // the integrator's fee leaves the bridged asset before the send, as StargateEntry computes it
        const feeBps = BigInt(request.integratorFee?.bps ?? 0)
        const integratorFee = (bridged * feeBps) / 10_000n
        bridged -= integratorFee
        // destination: the pool's asset is the output, or the composer swaps it along one path
        const composeSwap = !isAddressEqual(toAddress, remote.token)
        if (composeSwap && isNative(remote.token)) return undefined
        const probe = {
          dstEid: destination.layerZero.eid,
          to: pad(composeSwap ? destination.stargate.composer : (request.receiver as Address)),
          amountLD: bridged,
          minAmountLD: 0n,
          extraOptions: '0x' as Hex,
          composeMsg: '0x' as Hex,
          oftCmd: '0x' as Hex,
        }
        const [[, , oft], sharedDecimals] = await Promise.all([
          originMarket.client.readContract({
            address: pool.pool,
            abi: stargatePoolAbi,
            functionName: 'quoteOFT',
            args: [probe],
          }),
          readSharedDecimals(origin.chainId, pool.pool),
        ])
        // quoteOFT answers in the origin pool's decimals; the destination pool pays the same shared amount in
        // its own (BNB Chain's USDC and USDT have 18, Ethereum's 6)
        const toDestination = (amountLD: bigint) =>
          computeRemoteAmountLD({
            amountLD,
            localDecimals: pool.decimals,
            remoteDecimals: remote.decimals,
            sharedDecimals,
          })
        const arriving = toDestination(oft.amountReceivedLD)
        let amountOut = arriving
        let destinationSteps: ContractStep[] = []
        if (composeSwap) {
          const planned = planPathSteps(destinationMarket, {
            tokenIn: remote.token,
            tokenOut: isNative(toAddress) ? destination.wrappedNative : toAddress,
            amountIn: arriving,
          })
          destinationSteps = planned.steps
          amountOut = planned.amountOut
        }
        const amountOutMin = (amountOut * (10_000n - slippageBps)) / 10_000n
        const deadline = now() + DESTINATION_DEADLINE_SEC
        const dst = {
          receiver: getAddress(request.receiver),
          tokenOut: toAddress,
          minAmountOut: amountOutMin,
          deadline: BigInt(deadline),
          steps: destinationSteps,
        }
        const extraOptions = composeSwap
          ? encodeExecutorOptions({
              lzCompose: [
                { index: 0, gas: COMPOSE_BASE_GAS + COMPOSE_GAS_PER_STEP * BigInt(destinationSteps.length) },
              ],
            })
          : ('0x' as Hex)
        // the pool checks this minimum on the origin, in the origin pool's decimals
        const minAmountLD =
          originSteps.length === 0
            ? oft.amountReceivedLD
            : (oft.amountReceivedLD * (10_000n - slippageBps)) / 10_000n
        const fee = await originMarket.client.readContract({
          address: pool.pool,
          abi: stargatePoolAbi,
          functionName: 'quoteSend',
          args: [
            {
              ...probe,
              minAmountLD,
              extraOptions,
              composeMsg: composeSwap ? encodeAbiParameters([destinationSwapParameter], [dst]) : '0x',
            },
            false,
          ],
        })
        const quote: ProviderQuote = {
          providerId: 'stargate',
          request,
          amountOut,
          amountOutMin: composeSwap ? amountOutMin : toDestination(minAmountLD),
          fees: [
            {
              // Stargate's own fee, taken from the bridged asset on the origin (a reward shows as none)
              kind: 'protocol',
              asset: { chainId: origin.chainId, address: pool.token, decimals: pool.decimals },
              amount: oft.amountSentLD > oft.amountReceivedLD ? oft.amountSentLD - oft.amountReceivedLD : 0n,
            },
            {
              kind: 'integrator',
              asset: { chainId: origin.chainId, address: pool.token, decimals: pool.decimals },
              amount: integratorFee,
            },
            {
              kind: 'gas',
              asset: { chainId: origin.chainId, address: zeroAddress, decimals: 18 },
              amount: fee.nativeFee,
            },
          ],
          estimatedDurationSec: TAXI_SECONDS,
          route: { via: pool.symbol, sourceSwap: originSteps.length > 0, destinationSwap: composeSwap },
          expiresAt: deadline,
          nativeFee: fee.nativeFee,
          details: {
            bridgeAsset: pool.symbol,
            // Base units of the bridge asset the destination receives, in its decimals there (what a failed
            // destination swap pays).
            bridgeAmount: arriving.toString(),
            pool: pool.pool,
            dstEid: destination.layerZero.eid,
            composer: composeSwap ? destination.stargate.composer : zeroAddress,
            // Base units of the origin pool's asset: the origin swap's minimum and the pool's minimum.
            minBridgeAmount: minBridgeAmount.toString(),
            feeBps: Number(feeBps),
            feeRecipient: request.integratorFee?.recipient ?? zeroAddress,
            minAmountLD: minAmountLD.toString(),
            extraOptions,
            deadline,
            originSteps: stepsToJson(originSteps),
            destinationSteps: stepsToJson(destinationSteps),
          },
        }
        return quote
      }
    },

    async buildTransaction(quote, options) {
      const { request, details } = quote
      const origin = deploymentOf(request.from.chainId)
      const destination = deploymentOf(request.to.chainId)
      if (
        origin?.stargate === undefined ||
        destination?.stargate === undefined ||
        destination.layerZero === undefined
      )
        throw new AppError('NO_ROUTE', 'Stargate does not serve these chains', { details: {} })
      const posted = parsePostedDetails(stargateDetails, details)
      const poolAddress = getAddress(posted.pool)
      const pool = origin.stargate.pools.find((p) => isAddressEqual(p.pool, poolAddress))
      if (pool === undefined) throw badData('pool')
      const composer = getAddress(posted.composer)
      if (!isNative(composer) && !isAddressEqual(composer, destination.stargate.composer))
        throw badData('composer')
      if (details.dstEid !== destination.layerZero.eid) throw badData('dstEid')
      const deadline = posted.deadline
      if (deadline <= now())
        throw new AppError('QUOTE_EXPIRED', 'The Stargate quote has expired: quote again', {
          details: { deadline },
        })
      const tokenIn = getAddress(request.from.address)
      const cross = {
        tokenIn,
        amountIn: request.amountIn,
        minBridgeAmount: BigInt(posted.minBridgeAmount),
        deadline: BigInt(deadline),
        pool: pool.pool,
        dstEid: destination.layerZero.eid,
        composer,
        minAmountLD: BigInt(posted.minAmountLD),
        extraOptions: posted.extraOptions as Hex,
        nativeFee: quote.nativeFee,
        feeRecipient: getAddress(posted.feeRecipient),
        feeBps: posted.feeBps,
        integratorId:
          options?.tagIntegrator?.({
            contract: origin.stargate.entry,
            sender: getAddress(request.sender),
            receiver: getAddress(request.receiver),
            tokenIn,
            tokenOut: getAddress(request.to.address),
          }) ?? zeroHash,
      }
      const dst = {
        receiver: getAddress(request.receiver),
        tokenOut: getAddress(request.to.address),
        minAmountOut: quote.amountOutMin,
        deadline: BigInt(deadline),
        steps: stepsFromJson(details.destinationSteps, 'destinationSteps'),
      }
      const value = quote.nativeFee + (isNative(tokenIn) ? request.amountIn : 0n)
      return {
        family: 'evm',
        chainId: origin.chainId,
        to: origin.stargate.entry,
        data: encodeFunctionData({
          abi: stargateEntryAbi,
          functionName: 'swapAndSend',
          args: [cross, stepsFromJson(details.originSteps, 'originSteps'), dst],
        }),
        value,
        ...(isNative(tokenIn)
          ? {}
          : { approval: { token: tokenIn, spender: origin.stargate.entry, amount: request.amountIn } }),
      }
    },

    async findSent({ chainId, fromBlock, toBlock }) {
      const origin = served.find((d) => d.chainId === chainId)
      if (origin?.stargate === undefined) return []
      const entry = origin.stargate.entry
      const client = markets.get(chainId).client
      const range = { address: entry, abi: stargateEntryAbi, fromBlock, toBlock, strict: true } as const
      const [events, attributions] = await Promise.all([
        client.getContractEvents({ ...range, eventName: 'CrossSwapSent' }),
        client.getContractEvents({ ...range, eventName: 'CrossSwapAttributed' }),
      ])
      return toProviderSentTransfers({
        chainId,
        contract: entry,
        key: 'guid',
        sends: events,
        attributions,
        destinationOf: (event) => served.find((d) => d.layerZero?.eid === event.args.dstEid)?.chainId,
      })
    },

    async track(originTxHash): Promise<ProviderTransferRecord | undefined> {
      if (!/^0x[0-9a-fA-F]{64}$/.test(originTxHash)) return undefined
      const hash = originTxHash as Hex
      for (const origin of served) {
        const receipt = await markets
          .get(origin.chainId)
          .client.getTransactionReceipt({ hash })
          .catch(() => undefined)
        if (receipt === undefined || origin.stargate === undefined) continue
        const sent = receipt.logs
          .filter((log) => isAddressEqual(log.address, origin.stargate?.entry ?? zeroAddress))
          .flatMap((log) => {
            try {
              const event = decodeEventLog({ abi: stargateEntryAbi, data: log.data, topics: log.topics })
              return event.eventName === 'CrossSwapSent' ? [event.args] : []
            } catch {
              return []
            }
          })[0]
        if (sent === undefined) return undefined
        const destination = served.find((d) => d.layerZero?.eid === sent.dstEid)
        if (destination?.stargate === undefined) return undefined
        const base = {
          originTxHash,
          sourceChainId: origin.chainId,
          destinationChainId: destination.chainId,
        }
        const client = markets.get(destination.chainId).client
        const composed = await client.getContractEvents({
          address: destination.stargate.composer,
          abi: stargateComposerAbi,
          args: { guid: sent.guid },
          fromBlock: BigInt(destination.startBlock),
        })
        // An event whose transaction the destination no longer holds (it rolled back) is no delivery: the
        // transfer is in flight again until the relayer delivers it anew.
        const held = await Promise.all(composed.map((event) => isLogOnChain(client, event)))
        for (const event of composed.filter((_, i) => held[i])) {
          if (event.eventName === 'ComposeSwapped')
            return {
              ...base,
              state: 'DELIVERED',
              destinationTxHash: event.transactionHash,
              amountReceived: event.args.amountOut,
              tokenReceived: event.args.tokenOut,
              receivedDifferentTokens: false,
            }
          // The destination swap failed (market moved, deadline passed): the spec's "destination trade
          // failed", with the bridged asset paid to the receiver instead.
          if (event.eventName === 'ComposeFallback')
            return {
              ...base,
              state: 'FAILED',
              destinationTxHash: event.transactionHash,
              amountReceived: event.args.amount,
              tokenReceived: event.args.token,
              receivedDifferentTokens: true,
            }
        }
        const received = await client.getContractEvents({
          abi: stargatePoolAbi,
          eventName: 'OFTReceived',
          args: { guid: sent.guid },
          fromBlock: BigInt(destination.startBlock),
        })
        const arrived = received[0]
        if (
          arrived !== undefined &&
          (await isLogOnChain(client, arrived)) &&
          !isAddressEqual(arrived.args.toAddress ?? zeroAddress, destination.stargate.composer)
        )
          return {
            ...base,
            state: 'DELIVERED',
            destinationTxHash: arrived.transactionHash,
            amountReceived: arrived.args.amountReceivedLD ?? 0n,
            tokenReceived:
              destination.stargate.pools.find((p) => isAddressEqual(p.pool, arrived.address))?.token ??
              zeroAddress,
            receivedDifferentTokens: false,
          }
        return { ...base, state: 'INFLIGHT', receivedDifferentTokens: false }
      }
      return undefined
    },
  }
}
