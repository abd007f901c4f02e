import { erc20Abi, type Hex, isAddressEqual, recoverTypedDataAddress } from 'viem'
import { readFromNode } from '../chains/readFromNode'
import { AppError } from '../errors'
import { insertGaslessOrder } from '../store/gaslessOrders'
import { buildGaslessTypedData } from './buildGaslessTypedData'
import { checkGaslessFee } from './checkGaslessFee'
import { checkGaslessOrder } from './checkGaslessOrder'
import { checkGaslessOwner } from './checkGaslessOwner'
import type { GaslessOrder, RouteStep } from './gaslessOrderTypes'
import { type GaslessServiceDeps, getGaslessChain } from './gaslessServiceDeps'
import { orderToRow } from './orderToRow'
import { permit2Abi } from './permit2Abi'
import { verifyTokenPermit } from './verifyTokenPermit'

/**
 * Stores a signed gasless order for the relayer and wakes it; returns the order's id. Checks, in order: the
 * order (`checkGaslessOrder`), the fee against today's gas (`checkGaslessFee`), the EIP-712 signature of
 * `order.user`, the owner's standing and open orders (`checkGaslessOwner`), the optional EIP-2612 permit, then
 * on chain the balance beyond what open orders reserve, the allowance to Permit2 (unless permitted) and the
 * nonce. Throws INVALID_SIGNATURE, NOT_ORDER_OWNER, INSUFFICIENT_BALANCE, INSUFFICIENT_ALLOWANCE, ORDER_EXISTS
 * and the checks' errors.
 */
export async function submitGaslessOrder(
  deps: GaslessServiceDeps,
  p: {
    chainId: number
    order: GaslessOrder
    nonce: bigint
    signature: Hex
    call: readonly RouteStep[]
    permitData?: { value: bigint; deadline: bigint; signature: string } | undefined
  },
): Promise<string> {
  const { chainId, order, nonce, signature } = p
  const chain = getGaslessChain(deps, chainId)
  checkGaslessOrder(deps, chainId, order, p.call)
  await checkGaslessFee(deps, chainId, order, p.call.length)
  const typed = buildGaslessTypedData({
    chainId,
    permit2: chain.permit2,
    settlement: chain.settlement,
    order,
    nonce,
  })
  const signer = await recoverTypedDataAddress({ ...typed, signature }).catch(() => undefined)
  if (!signer) throw new AppError('INVALID_SIGNATURE', 'signature is not a valid EIP-712 signature')
  if (!isAddressEqual(signer, order.user)) {
    throw new AppError(
      'NOT_ORDER_OWNER',
      `The order is signed by ${signer}, not by order.user ${order.user}`,
      {
        details: { signer, user: order.user },
      },
    )
  }
  const reserved = await checkGaslessOwner(deps, chainId, order)
  const client = deps.markets.get(chainId).client
  const tokenPermit = p.permitData
    ? await verifyTokenPermit(client, {
        chainId,
        order,
        permit2: chain.permit2,
        permit: p.permitData,
        nowSec: Math.floor(deps.now() / 1000),
      })
    : undefined
  const [balance, allowance, bitmap] = await readFromNode("the owner's balance and allowance", () =>
    Promise.all([
      client.readContract({
        address: order.srcToken,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [order.user],
      }),
      client.readContract({
        address: order.srcToken,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [order.user, chain.permit2],
      }),
      client.readContract({
        address: chain.permit2,
        abi: permit2Abi,
        functionName: 'nonceBitmap',
        args: [order.user, nonce >> 8n],
      }),
    ]),
  )
  if (balance < reserved + order.amountIn) {
    throw new AppError(
      'INSUFFICIENT_BALANCE',
      reserved === 0n
        ? `The owner holds ${balance}, below amountIn ${order.amountIn}`
        : `The owner holds ${balance}: ${reserved} of it is reserved by open orders, the rest is below amountIn ${order.amountIn}`,
      { details: { balance: balance.toString(), reserved: reserved.toString() } },
    )
  }
  if (allowance < order.amountIn && tokenPermit === undefined) {
    throw new AppError(
      'INSUFFICIENT_ALLOWANCE',
      `The owner's allowance to Permit2 (${chain.permit2}) is ${allowance}, below amountIn ${order.amountIn}`,
      { details: { spender: chain.permit2 } },
    )
  }
  if (((bitmap >> (nonce & 255n)) & 1n) === 1n) {
    throw new AppError('ORDER_EXISTS', 'The Permit2 nonce of this order is already used or cancelled')
  }
  const row = await insertGaslessOrder(deps.store.db, {
    ...orderToRow({ chainId, order, nonce, signature, steps: p.call }),
    ...(tokenPermit === undefined ? {} : { tokenPermit }),
  })
  if (!row) throw new AppError('ORDER_EXISTS', 'An order with this owner and nonce exists already')
  deps.wakeRelayer?.(chainId)
  return row.id
}
