import { describe, expect, it } from 'vitest'
import { buildSwapReceivedLink } from './buildSwapReceivedLink'

const usdc = '0xe12C17146d044009fD392dB5DC15897a1A252837'
const weth = '0x6e86550B809B88d0d85b5CD3561236C12cca24BD'

describe('buildSwapReceivedLink', () => {
  it('links a swap of the bridged token received into the token asked for, amount filled in', () => {
    expect(
      buildSwapReceivedLink({
        chainId: 42161,
        tokenReceived: usdc,
        amountReceived: '2498750000',
        tokenOut: weth,
        tokens: [{ address: usdc.toLowerCase(), decimals: 6 }],
      }),
    ).toBe(`?chain=42161&from=${usdc}&to=${weth}&amount=2498.75&side=in`)
  })

  it('leaves the amount out when the token is not in the list, and knows the native coin', () => {
    expect(
      buildSwapReceivedLink({
        chainId: 10,
        tokenReceived: usdc,
        amountReceived: '5',
        tokenOut: weth,
        tokens: [],
      }),
    ).toBe(`?chain=10&from=${usdc}&to=${weth}`)
    expect(
      buildSwapReceivedLink({
        chainId: 10,
        tokenReceived: '0x0000000000000000000000000000000000000000',
        amountReceived: '1500000000000000000',
        tokenOut: usdc,
        tokens: [],
      }),
    ).toBe(`?chain=10&from=0x0000000000000000000000000000000000000000&to=${usdc}&amount=1.5&side=in`)
  })
})
