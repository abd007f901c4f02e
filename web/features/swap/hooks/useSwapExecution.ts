import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { getAddress, type Hex } from 'viem'
import type { ChainRecord, HexAddress } from '../../../lib/api'
import { ClientError } from '../../../lib/ClientError'
import { useSwapHistory } from '../../history'
import { requireWalletSession, useWalletSession } from '../../walletSession'
import type { SwapIntegrator } from '../api/fetchSingleQuotes'
import { fetchSwapTransaction } from '../api/fetchSwapTransaction'
import { buildWithdrawData } from '../model/buildWithdrawData'
import { getDirectUnwrap } from '../model/getDirectUnwrap'
import { isQuoteExpired } from '../model/quoteTiming'
import type { SingleQuote } from '../types'
import { isRevert, sendAndConfirm } from './sendAndConfirm'

export type SwapProgress =
  | { phase: 'idle' }
  | { phase: 'preparing' }
  | { phase: 'wallet' }
  | { phase: 'pending'; hash: Hex }
  | { phase: 'confirmed'; hash: Hex; received: bigint | undefined }
  | { phase: 'failed'; error: unknown; hash?: Hex }

/** Seconds a quote must still be valid for when it is sent (wallet confirmation and inclusion). */
const quoteMarginSec = 5

/**
 * Runs a swap of `quote` for `account`: builds the transaction on the server, checks the wallet is on `chain`
 * and that the aggregator has code on the wallet's network, sends it through the wallet, records it in the
 * history, waits for the receipt and reads the received amount from its logs; then refreshes every query
 * (balances, allowances, quotes). A fee-free unwrap is sent as the wrapped token's own `withdraw(amount)`
 * (`getDirectUnwrap`: no approval, exactly the amount arrives). Errors end in the `failed` phase, never thrown.
 */
export function useSwapExecution(params: {
  chain: ChainRecord
  account: HexAddress | undefined
  integrator?: SwapIntegrator | undefined
}) {
  const { chain, account, integrator } = params
  const session = useWalletSession()
  const queryClient = useQueryClient()
  const history = useSwapHistory(account)
  const [progress, setProgress] = useState<SwapProgress>({ phase: 'idle' })

  const execute = async (quote: SingleQuote) => {
    let sentHash: Hex | undefined
    try {
      if (account === undefined) throw new ClientError('WRONG_NETWORK', 'No account connected')
      const wallet = requireWalletSession(session)
      const { config, kit } = wallet
      // the receipt's log decoder (viem's ABI decoder) loads while the swap is prepared and sent; if it cannot
      // load, the swap still reads confirmed, with no received amount, as when its logs say nothing
      const receiptReader = import('../model/getReceivedAmount').catch((_error: unknown) => undefined)
      setProgress({ phase: 'preparing' })
      if (
        isQuoteExpired({
          quoteDeadlineSec: quote.quoteDeadline,
          nowMs: Date.now(),
          marginSec: quoteMarginSec,
        })
      )
        throw new ClientError('QUOTE_EXPIRED', 'Quote expired before sending')
      if (kit.getAccount(config).chainId !== chain.chainId)
        throw new ClientError('WRONG_NETWORK', `Wallet is not on chain ${chain.chainId}`)
      const direct = getDirectUnwrap(quote)
      let request: { to: string; data: string; value?: bigint; gas?: bigint }
      if (direct === undefined) {
        const tx = await fetchSwapTransaction({ chainId: chain.chainId, quote, account, integrator })
        if (tx.insufficientFunds) throw new ClientError('INSUFFICIENT_FUNDS', 'Balance below the amount sold')
        if (tx.insufficientGas) throw new ClientError('INSUFFICIENT_GAS', 'Native balance below gas cost')
        if (tx.estimateGas === undefined)
          throw new ClientError('ESTIMATE_FAILED', tx.estimateGasError ?? 'Gas estimation failed')
        const walletClient = await kit.getConnectorClient(config)
        const code = await kit.getCode(walletClient, { address: getAddress(tx.to) })
        if (code === undefined || code === '0x')
          throw new ClientError('AGGREGATOR_MISSING', `No code at ${tx.to} on the wallet's network`)
        request = { to: tx.to, data: tx.data, value: BigInt(tx.value), gas: BigInt(tx.estimateGas) }
      } else
        request = {
          to: direct.wrapped,
          data: buildWithdrawData(direct.amount),
        }
      setProgress({ phase: 'wallet' })
      const receipt = await sendAndConfirm({
        wallet,
        chainId: chain.chainId,
        request,
        onSent: (hash) => {
          sentHash = hash
          setProgress({ phase: 'pending', hash })
          history.upsert({
            chainId: chain.chainId,
            hash,
            account,
            from: {
              address: getAddress(quote.tokenFrom.contractAddress),
              symbol: quote.tokenFrom.symbol,
              decimals: quote.tokenFrom.decimals,
            },
            to: {
              address: getAddress(quote.tokenTo.contractAddress),
              symbol: quote.tokenTo.symbol,
              decimals: quote.tokenTo.decimals,
            },
            amountIn: quote.fromTokenAmount,
            quotedOut: quote.toTokenAmount,
            status: 'pending',
            createdAtMs: Date.now(),
          })
        },
      })
      // a withdraw pays exactly its amount (it reverts otherwise); the Aggregator's logs say what it paid
      const reader = direct === undefined ? await receiptReader : undefined
      const received =
        direct === undefined
          ? reader?.getReceivedAmount({
              logs: receipt.logs,
              aggregator: getAddress(request.to),
              receiver: account,
              tokenOut: getAddress(quote.tokenTo.contractAddress),
            })
          : { amountOut: direct.amount, amountIn: direct.amount }
      history.upsert({
        chainId: chain.chainId,
        hash: receipt.transactionHash,
        status: 'success',
        ...(received === undefined ? {} : { received: received.amountOut.toString() }),
        ...(received?.amountIn === undefined ? {} : { amountIn: received.amountIn.toString() }),
      })
      setProgress({ phase: 'confirmed', hash: receipt.transactionHash, received: received?.amountOut })
    } catch (error: unknown) {
      if (sentHash !== undefined && isRevert(error))
        history.upsert({ chainId: chain.chainId, hash: sentHash, status: 'failed' })
      setProgress(
        sentHash === undefined ? { phase: 'failed', error } : { phase: 'failed', error, hash: sentHash },
      )
    } finally {
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'chains' })
    }
  }

  return { progress, execute, reset: () => setProgress({ phase: 'idle' }) }
}
