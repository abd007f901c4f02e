import { describe, expect, test } from 'vitest'
import { parseWidgetConfig, withWidgetDefaults } from './widgetConfig'

const receiver = '0x1111111111111111111111111111111111111111'

describe('parseWidgetConfig', () => {
  test('accepts a full configuration unchanged', () => {
    const input = {
      theme: 'dark',
      accent: '#ff8800',
      radius: 8,
      font: 'Inter, sans-serif',
      chains: [1, 56],
      chain: 56,
      tokens: ['ETH', 'USDC'],
      from: 'ETH',
      to: 'USDC',
      amount: '1.5',
      fixedPair: true,
      fixedAmount: false,
      exactOut: false,
      slippage: 0.5,
      flows: ['singleChain'],
      apiKey: 'trib_abcdefgh',
      feePercentage: 0.01,
      feeReceiver: receiver,
      hide: ['settings', 'quoteList'],
      wallet: 'host',
      hostOrigins: ['https://example.com'],
    }
    expect(parseWidgetConfig(input)).toEqual({ ok: true, config: input })
  })

  test('rejects a fee above the API limit, a fee without receiver and unknown fields', () => {
    expect(parseWidgetConfig({ feePercentage: 0.031, feeReceiver: receiver })).toEqual({
      ok: false,
      errors: ['feePercentage: Too big: expected number to be <=0.03'],
    })
    expect(parseWidgetConfig({ feePercentage: 0.01 })).toEqual({
      ok: false,
      errors: ['feeReceiver is required with a feePercentage above 0'],
    })
    expect(parseWidgetConfig({ receiver })).toEqual({ ok: false, errors: ['Unrecognized key: "receiver"'] })
  })

  test('rejects origins with a path, colours that are not hex, bad addresses', () => {
    expect(
      parseWidgetConfig({ hostOrigins: ['https://a.example/path'], accent: 'red', feeReceiver: '0x12' }),
    ).toEqual({
      ok: false,
      errors: [
        'accent: a colour such as #0f766e',
        'feeReceiver: an EVM address',
        'hostOrigins.0: an origin such as https://example.com (scheme, host and port only)',
      ],
    })
  })
})

describe('withWidgetDefaults', () => {
  test('fills the switches and keeps the rest', () => {
    expect(withWidgetDefaults({ chain: 1 })).toEqual({
      chain: 1,
      theme: 'auto',
      fixedPair: false,
      fixedAmount: false,
      exactOut: true,
      hide: [],
      wallet: 'widget',
      hostOrigins: [],
    })
  })
})
