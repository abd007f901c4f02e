import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { buildGaslessTypedData } from '../../../../server/gasless/buildGaslessTypedData'
import { gaslessTypes } from '../../../../server/gasless/gaslessOrderTypes'
import { toSignableTypedData } from './toSignableTypedData'

const permit2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3'
const settlement = '0x1111111111111111111111111111111111111111'
const order = {
  user: '0x2222222222222222222222222222222222222222',
  receiver: '0x3333333333333333333333333333333333333333',
  srcToken: '0x4444444444444444444444444444444444444444',
  dstToken: '0x5555555555555555555555555555555555555555',
  amountIn: 25_000_000n,
  fee: 120_000n,
  amountOutMin: 24_000_000_000_000_000_000n,
  deadline: 1_900_000_000n,
  tradeHash: `0x${'ab'.repeat(32)}`,
} as const
const json = {
  domain: { name: 'Permit2', chainId: 31337, verifyingContract: permit2 },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    ...gaslessTypes,
  },
  primaryType: 'PermitWitnessTransferFrom',
  message: {
    permitted: { token: order.srcToken, amount: '25000000' },
    spender: settlement,
    nonce: '77',
    deadline: '1900000000',
    witness: {
      ...order,
      amountIn: '25000000',
      fee: '120000',
      amountOutMin: '24000000000000000000',
      deadline: '1900000000',
    },
  },
}

describe('toSignableTypedData', () => {
  it('turns integers into bigints at every depth and drops the domain type', () => {
    const signable = toSignableTypedData(json)
    expect(Object.keys(signable.types)).toEqual([
      'PermitWitnessTransferFrom',
      'TokenPermissions',
      'GaslessOrder',
    ])
    expect(signable.message).toEqual({
      permitted: { token: order.srcToken, amount: 25_000_000n },
      spender: settlement,
      nonce: 77n,
      deadline: 1_900_000_000n,
      witness: order,
    })
  })

  it('signs to the signature the server recovers from its own document', async () => {
    const account = privateKeyToAccount(`0x${'11'.repeat(32)}`)
    const server = buildGaslessTypedData({ chainId: 31337, permit2, settlement, order, nonce: 77n })
    const signable = toSignableTypedData(json)
    expect(await account.signTypedData(signable)).toBe(await account.signTypedData(server))
  })

  it('rejects a message that lacks a typed field', () => {
    const { nonce: _nonce, ...message } = json.message
    expect(() => toSignableTypedData({ ...json, message })).toThrow('expected an integer for uint256')
  })
})
