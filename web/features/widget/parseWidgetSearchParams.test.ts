import { describe, expect, test } from 'vitest'
import { parseWidgetSearchParams } from './parseWidgetSearchParams'

describe('parseWidgetSearchParams', () => {
  test('reads one parameter per field, lists comma separated and switches 1/0', () => {
    expect(
      parseWidgetSearchParams(
        '?chain=56&chains=1,56&from=ETH&to=USDC&amount=2&fixedPair=1&exactOut=0&slippage=0.5&hide=settings,quoteList&theme=dark&accent=%23ff0000&hostOrigin=http%3A%2F%2F127.0.0.1%3A24490&wallet=host&side=in',
      ),
    ).toEqual({
      ok: true,
      config: {
        chain: 56,
        chains: [1, 56],
        from: 'ETH',
        to: 'USDC',
        amount: '2',
        fixedPair: true,
        exactOut: false,
        slippage: 0.5,
        hide: ['settings', 'quoteList'],
        theme: 'dark',
        accent: '#ff0000',
        hostOrigins: ['http://127.0.0.1:24490'],
        wallet: 'host',
      },
    })
  })

  test('single parameters win over the JSON config', () => {
    const config = encodeURIComponent(JSON.stringify({ chain: 1, theme: 'light', radius: 4 }))
    expect(parseWidgetSearchParams(`?config=${config}&theme=dark`)).toEqual({
      ok: true,
      config: { chain: 1, theme: 'dark', radius: 4 },
    })
  })

  test('reports bad JSON and bad values', () => {
    expect(parseWidgetSearchParams('?config={')).toEqual({ ok: false, errors: ['config: not valid JSON'] })
    expect(parseWidgetSearchParams('?chain=abc&fixedPair=maybe')).toEqual({
      ok: false,
      errors: [
        'chain: Invalid input: expected number, received NaN',
        'fixedPair: Invalid input: expected boolean, received string',
      ],
    })
  })
})
