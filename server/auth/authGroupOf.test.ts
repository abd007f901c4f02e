import { describe, expect, it } from 'vitest'
import { authGroupOf } from './authGroupOf'

describe('authGroupOf', () => {
  it.each([
    ['/trade/v1/info/chains', 'info'],
    ['/v1/info/token/popular', 'info'],
    ['/info/provider-inbound-address', 'info'],
    ['/trade/info/thorchain-inbound-address', 'info'],
    ['/info/thorchain-inbound-address', 'info'],
    ['/trade/v1/info/cross-providers', 'info'],
    ['/trade/v1/info/tx/0xab', 'info'],
    ['/tradeinfo/x', undefined],
    ['/trade/v1/1/approval/spender', 'approval'],
    ['/trade/v1/56/quote/single', 'single'],
    ['/trade/v1/56/batch_quote/single', 'single'],
    ['/trade/v1/-3980891822/quote/cross', 'cross'],
    ['/trade/v1/gasless/typed-data', 'gasless'],
    ['/v1/gasless/create', 'gasless'],
    ['/rpc/1', 'rpc'],
    ['/rpc/8453', 'rpc'],
    ['/rpcs/1', undefined],
    ['/health', undefined],
    ['/api/register-error', undefined],
    ['/trade/v1/1/quote/singles', undefined],
  ])('%s -> %s', (path, group) => {
    expect(authGroupOf(path)).toBe(group)
  })
})
