import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { getAddress, type Hex, maxUint256 } from 'viem'
import { ClientError } from '../../../lib/ClientError'
import { erc20Abi } from '../../../lib/erc20Abi'
import { requireWalletSession, useWalletSession } from '../../walletSession'
import { cancelGaslessOrder } from '../api/cancelGaslessOrder'
import { createGaslessOrder } from '../api/createGaslessOrder'
import { fetchGaslessTypedData } from '../api/fetchGaslessTypedData'
import { gaslessOrderQueryOptions } from '../api/gaslessQueryOptions'
import { cancelOrderMessage } from '../model/cancelOrderMessage'
import { describeGaslessStatus } from '../model/describeGaslessStatus'
import { toSignableTypedData } from '../model/toSignableTypedData'
import { type GaslessTradeParams, useGaslessEstimate } from './useGaslessEstimate'

/** Where the gasless flow of the swap card stands. */
export type GaslessPhase =
  | { phase: 'idle' }
  | { phase: 'approving'; hash?: Hex }
  | { phase: 'signing' }
  | { phase: 'submitted'; orderId: string }
  | { phase: 'failed'; error: unknown }

/** The estimate's EIP-2612 permit (JSON typed data) as the wallet signs it. */
function toTokenPermit(json: Record<string, unknown>) {
  const { domain, types, primaryType, message } = json
  if (
    typeof domain !== 'object' ||
    domain === null ||
    typeof types !== 'object' ||
    types === null ||
    typeof primaryType !== 'string' ||
    typeof message !== 'object' ||
    message === null
  )
    throw new TypeError('tokenPermit is not typed data')
  return toSignableTypedData({
    domain: domain as Parameters<typeof toSignableTypedData>[0]['domain'],
    types: types as Parameters<typeof toSignableTypedData>[0]['types'],
    primaryType,
    message: message as Record<string, unknown>,
  })
}

/**
 * The gasless flow of the swap card for selling `amount` of `from` for `to` on `chainId`: the server's estimate
 * (the relayer's fee in the source token, the minimum out, whether a one-time Permit2 approval is needed),
 * refreshed while idle; `approve()` sends that approval (unlimited, to Permit2: the only transaction the user
 * ever sends, and none for a token with its own EIP-2612 permit); `sign()` asks for the typed data, has the
 * wallet sign it (`eth_signTypedData_v4`; first the token's permit when the estimate offers one) and submits the
 * order; the submitted order's status is polled until it ends; `cancel()` signs the cancel message and cancels a
 * pending order.
 */
export function useGaslessSwap(params: GaslessTradeParams) {
  const { chainId, from, to, amount, account, slippage } = params
  const session = useWalletSession()
  const queryClient = useQueryClient()
  const [progress, setProgress] = useState<GaslessPhase>({ phase: 'idle' })
  const idle = progress.phase === 'idle' || progress.phase === 'failed'
  const estimate = useGaslessEstimate({
    chainId,
    from,
    to,
    amount,
    account,
    slippage,
    enabled: params.enabled && idle,
  })
  const orderId = progress.phase === 'submitted' ? progress.orderId : undefined
  const order = useQuery({
    ...gaslessOrderQueryOptions({ orderId: orderId ?? '', pollMs: 1_000 }),
    enabled: orderId !== undefined,
  })
  // the history polls every 10 s: once the order ends it is read again at once, so it never says "Processing"
  // beside a status that says it completed
  const ended = order.data !== undefined && describeGaslessStatus(order.data.status).final
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: ['gaslessOrders'] })
  }, [ended, queryClient])

  const approve = async () => {
    const data = estimate.data
    if (data === undefined || from === undefined) return
    try {
      const { config, kit } = requireWalletSession(session)
      setProgress({ phase: 'approving' })
      const hash = await kit.writeContract(config, {
        chainId,
        address: getAddress(from.address),
        abi: erc20Abi,
        functionName: 'approve',
        args: [getAddress(data.permit2.address), maxUint256],
      })
      setProgress({ phase: 'approving', hash })
      const receipt = await kit.waitForTransactionReceipt(config, { chainId, hash })
      if (receipt.status !== 'success') throw new ClientError('TX_REVERTED', `Transaction ${hash} reverted`)
      await estimate.refetch()
      setProgress({ phase: 'idle' })
    } catch (error: unknown) {
      setProgress({ phase: 'failed', error })
    }
  }

  const sign = async () => {
    const data = estimate.data
    if (data === undefined || account === undefined) return
    try {
      const { config, kit } = requireWalletSession(session)
      setProgress({ phase: 'signing' })
      const typedData = await fetchGaslessTypedData({
        chainId,
        sender: account,
        transactionData: data.transactionData,
      })
      // A token with its own EIP-2612 permit: one more signature instead of the approval transaction.
      const permit =
        data.eip2612Permit && data.tokenPermit !== null ? toTokenPermit(data.tokenPermit) : undefined
      const permitData =
        permit === undefined
          ? undefined
          : {
              value: String(permit.message.value),
              deadline: String(permit.message.deadline),
              signature: await kit.signTypedData(config, { account, ...permit }),
            }
      const signature = await kit.signTypedData(config, { account, ...toSignableTypedData(typedData) })
      const id = await createGaslessOrder({
        chainId,
        typedData,
        call: data.transactionData.call,
        signature,
        permitData,
      })
      setProgress({ phase: 'submitted', orderId: id })
      void queryClient.invalidateQueries({ queryKey: ['gaslessOrders'] })
    } catch (error: unknown) {
      setProgress({ phase: 'failed', error })
    }
  }

  const [cancelError, setCancelError] = useState<unknown>()
  const [cancelling, setCancelling] = useState(false)
  const cancel = async () => {
    if (orderId === undefined || account === undefined) return
    setCancelling(true)
    setCancelError(undefined)
    try {
      const { config, kit } = requireWalletSession(session)
      const signature = await kit.signMessage(config, { account, message: cancelOrderMessage(orderId) })
      const updated = await cancelGaslessOrder({ orderId, signature })
      queryClient.setQueryData(gaslessOrderQueryOptions({ orderId, pollMs: 1_000 }).queryKey, updated)
      void queryClient.invalidateQueries({ queryKey: ['gaslessOrders'] })
    } catch (error: unknown) {
      setCancelError(error)
      void order.refetch()
    } finally {
      setCancelling(false)
    }
  }

  const reset = () => {
    setProgress({ phase: 'idle' })
    setCancelError(undefined)
  }

  return { estimate, progress, order, approve, sign, cancel, cancelling, cancelError, reset }
}
