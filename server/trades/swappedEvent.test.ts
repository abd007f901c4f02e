import { toEventSignature } from 'viem'
import { expect, it } from 'vitest'
import { swappedEvent } from './swappedEvent'

it('has the signature of the Swapped event of docs/aggregator-contract.md', () => {
  expect(toEventSignature(swappedEvent)).toBe(
    'Swapped(address,address,bytes32,address,address,uint256,uint256,uint256)',
  )
  expect(swappedEvent.inputs.map((input) => `${input.name}:${input.indexed === true}`)).toEqual([
    'sender:true',
    'receiver:true',
    'integratorId:true',
    'tokenIn:false',
    'tokenOut:false',
    'amountIn:false',
    'amountOut:false',
    'feeAmount:false',
  ])
})
