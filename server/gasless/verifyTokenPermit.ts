import { type Address, type Hex, isAddressEqual, recoverTypedDataAddress } from 'viem'
import { AppError } from '../errors'
import { buildTokenPermitTypedData, type StoredTokenPermit } from './buildTokenPermitTypedData'
import type { GaslessOrder } from './gaslessOrderTypes'
import { readTokenPermitDomain } from './readTokenPermitDomain'

/**
 * Checks an order's EIP-2612 `permit` of srcToken to Permit2: not expired, at least `amountIn`, the token has a
 * standard permit, and the signature recovers to `order.user` at the token's current nonce. Answers it as the
 * store keeps it. Throws INVALID_ORDER, INVALID_SIGNATURE or NOT_ORDER_OWNER.
 */
export async function verifyTokenPermit(
  client: Parameters<typeof readTokenPermitDomain>[0],
  p: {
    chainId: number
    order: GaslessOrder
    permit2: Address
    permit: { value: bigint; deadline: bigint; signature: string }
    nowSec: number
  },
): Promise<StoredTokenPermit> {
  const { order, permit } = p
  if (permit.deadline <= BigInt(p.nowSec)) {
    throw new AppError('INVALID_ORDER', `permitData.deadline ${permit.deadline} has passed`, {
      details: { param: 'permitData.deadline' },
    })
  }
  if (permit.value < order.amountIn) {
    throw new AppError(
      'INVALID_ORDER',
      `permitData.value ${permit.value} is below amountIn ${order.amountIn}`,
      {
        details: { param: 'permitData.value' },
      },
    )
  }
  const domain = await readTokenPermitDomain(client, {
    chainId: p.chainId,
    token: order.srcToken,
    owner: order.user,
  })
  if (!domain) {
    throw new AppError('INVALID_ORDER', `srcToken ${order.srcToken} has no EIP-2612 permit`, {
      details: { param: 'permitData' },
    })
  }
  const signature = permit.signature as Hex
  const typed = buildTokenPermitTypedData({
    chainId: p.chainId,
    token: order.srcToken,
    domain,
    owner: order.user,
    spender: p.permit2,
    value: permit.value,
    deadline: permit.deadline,
  })
  const signer = await recoverTypedDataAddress({ ...typed, signature }).catch(() => undefined)
  if (!signer)
    throw new AppError('INVALID_SIGNATURE', 'permitData.signature is not a valid EIP-712 signature')
  if (!isAddressEqual(signer, order.user)) {
    throw new AppError(
      'NOT_ORDER_OWNER',
      `The permit is signed by ${signer}, not by order.user ${order.user}`,
      {
        details: { signer, user: order.user, param: 'permitData.signature' },
      },
    )
  }
  return { value: permit.value.toString(), deadline: permit.deadline.toString(), signature }
}
