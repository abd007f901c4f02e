import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../server/testing/createTestApp'
import { createFakeDeployments } from '../../server/testing/fakeDeployments'
import { createDevnetRoutes, type DevnetHandle } from './createDevnetRoutes'

function createFakeDevnet() {
  const calls: { address: Address; chainId?: number }[] = []
  const deployments = createFakeDeployments()
  const devnet: DevnetHandle = {
    manifest: {
      version: 'v-test',
      chains: deployments,
      devAccounts: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
    },
    fund: async (params) => {
      calls.push(params)
      const chainIds = params.chainId === undefined ? [1, 8453] : [params.chainId]
      return {
        address: params.address,
        chains: chainIds.map((chainId) => ({
          chainId,
          native: 100n * 10n ** 18n,
          tokens: [
            {
              address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
              symbol: 'WETH',
              amount: 7n * 10n ** 18n + 1n,
            },
          ],
        })),
      }
    },
    stop: async () => {},
  }
  const { app } = createTestApp({ deployments, isDevnet: true, routes: [createDevnetRoutes({ devnet })] })
  return { app, calls }
}

const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) => ({
  method: 'POST',
  headers,
  body,
})

describe('devnet routes', () => {
  it('serves the manifest', async () => {
    const { app } = createFakeDevnet()
    const res = await app.request('/devnet/manifest')
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      version: string
      chains: { chainId: number }[]
      devAccounts: string[]
    }
    expect([body.version, body.chains.map((c) => c.chainId), body.devAccounts]).toEqual([
      'v-test',
      [1, 8453],
      ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
    ])
  })

  it('funds an address on every chain, amounts as decimal strings, address checksummed', async () => {
    const { app, calls } = createFakeDevnet()
    const res = await app.request(
      '/devnet/faucet',
      post('{"address":"0x70997970c51812dc3a010c7d01b50e0d17dc79c8"}'),
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      chains: [1, 8453].map((chainId) => ({
        chainId,
        native: '100000000000000000000',
        tokens: [
          {
            address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
            symbol: 'WETH',
            amount: '7000000000000000001',
          },
        ],
      })),
    })
    expect(calls).toEqual([{ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }])
  })

  it('funds one chain when chainId is given', async () => {
    const { app, calls } = createFakeDevnet()
    const res = await app.request(
      '/devnet/faucet',
      post('{"address":"0x70997970C51812dc3A010C7d01b50e0d17dc79C8","chainId":8453}'),
    )
    expect(res.status).toBe(200)
    expect(calls).toEqual([{ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chainId: 8453 }])
  })

  it('rejects a bad address, an unknown chain and a malformed body without funding', async () => {
    const { app, calls } = createFakeDevnet()
    const badAddress = await app.request('/devnet/faucet', post('{"address":"0x1234"}'))
    expect(badAddress.status).toBe(400)
    expect(((await badAddress.json()) as { message: string }).message).toBe(
      'Invalid body field(s): address (address must be a 0x-prefixed 20-byte hex address)',
    )
    const unknownChain = await app.request(
      '/devnet/faucet',
      post('{"address":"0x70997970C51812dc3A010C7d01b50e0d17dc79C8","chainId":137}'),
    )
    expect(((await unknownChain.json()) as { error: { code: string } }).error.code).toBe('UNSUPPORTED_CHAIN')
    const malformed = await app.request('/devnet/faucet', post('{'))
    expect(((await malformed.json()) as { error: { code: string } }).error.code).toBe('INVALID_JSON')
    expect(calls).toEqual([])
  })

  it('is not mounted without a devnet', async () => {
    const { app } = createTestApp()
    expect((await app.request('/devnet/manifest')).status).toBe(404)
    const res = await app.request(
      '/devnet/faucet',
      post('{"address":"0x70997970C51812dc3A010C7d01b50e0d17dc79C8"}'),
    )
    expect(res.status).toBe(404)
  })

  it('marks chains as devnet chains in the chain list', async () => {
    const { app } = createFakeDevnet()
    const chains = (await (await app.request('/trade/v1/info/chains?format=list')).json()) as {
      isDevnet: boolean
    }[]
    expect(chains.map((c) => c.isDevnet)).toEqual([true, true])
  })
})
