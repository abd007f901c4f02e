import {
  type Address,
  encodeFunctionData,
  getAddress,
  isAddress,
  isAddressEqual,
  stringToHex,
  zeroAddress,
} from 'viem'
import { z } from 'zod'
import { liquidityEntryAbi, liquidityRouterAbi } from '../../../contracts/artifacts'
import { getChainInfo } from '../../chains/chainInfo'
import { AppError } from '../../errors'
import { withRefundAddress } from '../../thorchain/withRefundAddress'
import { stepsFromJson } from '../contractStepsJson'
import { parsePostedDetails } from '../parsePostedDetails'
import type { ProviderQuote, ProviderTransaction } from '../types'
import { assertInboundConfirmed } from './assertInboundConfirmed'
import { assertPinnedRouter } from './assertPinnedRouter'
import { assertThorchainMemo } from './assertThorchainMemo'
import { buildMemolessDeposit } from './buildMemolessDeposit'
import { findLiquidityEntryDeployment } from './findLiquidityEntryDeployment'
import { getThorchainInbound } from './getThorchainInbound'
import type { ThorchainContext } from './thorchainContext'

/** What `buildTransaction` reads of a posted quote's `details`: the memo (THORNode's, at most 250 bytes). */
const thorchainDetails = z.object({ memo: z.string().min(1, 'expected a swap memo').max(250) })

/** Whether a posted quote's `entry` is `entry`. */
const isPostedEntry = (posted: unknown, entry: Address) =>
  typeof posted === 'string' && isAddress(posted) && isAddressEqual(posted, entry)

/**
 * The deposit of a liquidity-network `quote` (as posted back, its memo checked by `assertThorchainMemo`) to the
 * network's current inbound vault: from an EVM chain our LiquidityEntry's `swapAndDeposit` (contract version
 * `v4`: a token swapped to the native coin, or the coin itself; the sender as refund address), the router's
 * `depositWithExpiry` for the coin where no entry is deployed, or, when the sender is not known (`request.sender`
 * is no EVM address: the client posted the destination address), the coin paid to the vault with the memo as
 * data, the form those clients check; a UTXO payment with the memo, or a Cosmos `MsgSend` with it; with
 * `memoless`, a UTXO payment without a memo (`buildMemolessDeposit`). Throws AppError QUOTE_EXPIRED past the
 * quote's expiry, INVALID_PARAMS naming the
 * posted field that is not the quote's, UPSTREAM_UNAVAILABLE when the network halted the chain or has no router
 * there, UPSTREAM_REFUSED when THORNode's router on an EVM source is not the pinned one or the second source
 * (`inboundCheck`) disagrees on the vault, UNSUPPORTED_DIRECTION for a source chain of no known family.
 */
export async function buildThorchainTransaction(
  context: ThorchainContext,
  quote: ProviderQuote,
  options: { memoless?: boolean } = {},
): Promise<ProviderTransaction> {
  const { request, details } = quote
  if (quote.expiresAt <= context.now())
    throw new AppError('QUOTE_EXPIRED', 'The liquidity network quote has expired: quote again', {
      details: { expiry: quote.expiresAt },
    })
  const { memo } = parsePostedDetails(thorchainDetails, details)
  assertThorchainMemo(memo, request, quote.amountOutMin)
  // the vault is always the network's current one, whatever the client sent back
  const inbound = await getThorchainInbound(context, request.from.chainId)
  if (inbound.halted)
    throw new AppError('UPSTREAM_UNAVAILABLE', 'The liquidity network has halted this chain', {
      details: { chainId: request.from.chainId },
    })
  const source = getChainInfo(request.from.chainId)
  // an EVM deposit goes through the pinned router only, whether ours calls it (the entry) or the sender does
  const router =
    source?.family === 'evm'
      ? assertPinnedRouter(source.id, inbound.router, context.pinnedRouters)
      : undefined
  await assertInboundConfirmed(context, request.from.chainId, inbound)
  if (options.memoless === true) return buildMemolessDeposit(context, quote, memo, inbound.address)
  if (source?.family === 'evm') {
    const tokenIn = getAddress(request.from.address)
    const native = isAddressEqual(tokenIn, zeroAddress)
    const sender = isAddress(request.sender) ? getAddress(request.sender) : undefined
    if (native && sender === undefined)
      // the sender is not known (the client posted the destination address as its account): the coin paid to
      // the vault itself with the memo as data, which THORChain credits as a router deposit and refunds to the
      // paying account; the quote's expiry is the client's to keep (the server builds nothing past it)
      return {
        family: 'evm',
        chainId: source.id,
        to: getAddress(inbound.address),
        data: stringToHex(memo),
        value: request.amountIn,
      }
    const entry = findLiquidityEntryDeployment(context.deployments, source.id)?.liquidityEntry
    if (native && entry === undefined && router !== undefined)
      // no entry of ours on this chain: THORChain's router takes the native deposit with the same checks
      return {
        family: 'evm',
        chainId: source.id,
        to: router,
        data: encodeFunctionData({
          abi: liquidityRouterAbi,
          functionName: 'depositWithExpiry',
          args: [
            getAddress(inbound.address),
            zeroAddress,
            request.amountIn,
            // the network refunds the transaction's sender, which is not the user's contract wallet
            sender === undefined ? memo : withRefundAddress(memo, sender.toLowerCase()),
            BigInt(quote.expiresAt),
          ],
        }),
        value: request.amountIn,
      }
    if (entry === undefined || (!native && !isPostedEntry(details.entry, entry)))
      throw new AppError('INVALID_PARAMS', "transactionData.entry is not this chain's liquidity entry", {
        details: { param: 'transactionData.entry' },
      })
    const minNativeOut = native
      ? request.amountIn.toString()
      : typeof details.minNativeOut === 'string'
        ? details.minNativeOut
        : ''
    if (!/^\d{1,78}$/.test(minNativeOut))
      throw new AppError('INVALID_PARAMS', 'transactionData.minNativeOut is not what this quote carried', {
        details: { param: 'transactionData.minNativeOut' },
      })
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
            refundAddress: sender ?? zeroAddress,
          },
          native ? [] : stepsFromJson(details.originSteps, 'originSteps'),
        ],
      }),
      value: native ? request.amountIn : 0n,
      ...(native ? {} : { approval: { token: tokenIn, spender: entry, amount: request.amountIn } }),
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
  throw new AppError('UNSUPPORTED_DIRECTION', `No deposit from chain ${request.from.chainId} is served yet`, {
    details: { chainId: request.from.chainId },
  })
}
