import { describe, expect, it } from 'vitest'
import { getOtherTokenDelivery } from './getOtherTokenDelivery'

const usdc = '0xe12C17146d044009fD392dB5DC15897a1A252837'
const weth = '0x6e86550B809B88d0d85b5CD3561236C12cca24BD'
const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const tokens = [
  { address: usdc.toLowerCase(), symbol: 'USDC', decimals: 6 },
  { address: weth, symbol: 'WETH', decimals: 18 },
]

describe('getOtherTokenDelivery', () => {
  it('says what arrived instead, exactly, and links the swap of exactly that into the token asked', () => {
    expect(
      getOtherTokenDelivery({
        chainId: 42161,
        chainName: 'Arbitrum',
        tokenReceived: usdc,
        amountReceived: '24980000',
        asked: { address: weth, symbol: 'WETH' },
        receiver,
        tokens,
        locale: 'en-US',
      }),
    ).toStrictEqual({
      text: 'Delivered 24.98 USDC on Arbitrum instead of WETH: the swap on arrival could not meet its minimum',
      link: `/?receiver=${receiver}&chain=42161&from=${usdc}&to=${weth}&amount=24.98&side=in`,
    })
  })

  it('writes every decimal of the amount, groups thousands, and leaves the receiver out when unknown', () => {
    expect(
      getOtherTokenDelivery({
        chainId: 10,
        chainName: 'OP Mainnet',
        tokenReceived: usdc,
        amountReceived: '1234567891',
        asked: { address: weth, symbol: 'WETH' },
        receiver: undefined,
        tokens,
        locale: 'en-US',
      }),
    ).toStrictEqual({
      text: 'Delivered 1,234.567891 USDC on OP Mainnet instead of WETH: the swap on arrival could not meet its minimum',
      link: `/?chain=10&from=${usdc}&to=${weth}&amount=1234.567891&side=in`,
    })
  })

  it('knows the native coin (18 decimals) and gives up on a token whose decimals are unknown', () => {
    expect(
      getOtherTokenDelivery({
        chainId: 10,
        chainName: 'OP Mainnet',
        tokenReceived: '0x0000000000000000000000000000000000000000',
        amountReceived: '1500000000000000001',
        asked: { address: usdc, symbol: 'USDC' },
        receiver,
        tokens: [],
        locale: 'en-US',
      })?.link,
    ).toBe(
      `/?receiver=${receiver}&chain=10&from=0x0000000000000000000000000000000000000000&to=${usdc}&amount=1.500000000000000001&side=in`,
    )
    expect(
      getOtherTokenDelivery({
        chainId: 10,
        chainName: 'OP Mainnet',
        tokenReceived: usdc,
        amountReceived: '5',
        asked: { address: weth, symbol: 'WETH' },
        receiver,
        tokens: [],
      }),
    ).toBeUndefined()
  })
})
