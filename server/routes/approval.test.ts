import {
  type Address,
  decodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  maxUint256,
  zeroAddress,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../testing/createTestApp'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'

const eeee = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const unknownToken = '0x1111111111111111111111111111111111111111'

interface ApprovalBody {
  to: Address
  data: Hex
  value: string
  gasPrice: string
  amount: string
  allowance: string
  spender: Address
  resetRequired: boolean
  steps: { kind: 'reset' | 'approve'; to: Address; data: Hex; value: string; amount: string }[]
}

async function expectError(res: Response, status: number, code: string, mention?: string) {
  expect(res.status).toBe(status)
  const body = (await res.json()) as { message: string; error: { code: string } }
  expect(body.error.code).toBe(code)
  if (mention !== undefined) expect(body.message).toContain(mention)
}

function decodeApprove(data: Hex) {
  const call = decodeFunctionData({ abi: erc20Abi, data })
  return { functionName: call.functionName, args: call.args }
}

describe('approval endpoints on the devnet (chain 1)', () => {
  let h: DevnetHarness
  let aggregator: Address
  const token = (symbol: string) => getAddress(h.token(1, symbol).address)
  const getJson = async <T>(path: string) => {
    const res = await h.request(path)
    expect(res.status).toBe(200)
    return (await res.json()) as T
  }
  const approval = (tokenAddress: Address, wallet: Address, amount?: bigint) =>
    getJson<ApprovalBody>(
      `/trade/v1/1/approval/transaction?tokenAddress=${tokenAddress}&walletAddress=${wallet}` +
        (amount === undefined ? '' : `&amount=${amount}`),
    )
  const allowanceOf = async (tokenAddress: Address, wallet: Address) =>
    (
      await getJson<{ allowance: string }>(
        `/trade/v1/1/approval/allowance?tokenAddress=${tokenAddress.toLowerCase()}&walletAddress=${wallet.toLowerCase()}`,
      )
    ).allowance
  const onChainAllowance = (tokenAddress: Address, owner: Address) =>
    h.deployerClient(1).readContract({
      address: tokenAddress,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [owner, aggregator],
    })
  const send = (accountIndex: number, step: { to: Address; data: Hex }) =>
    h.sendAndWait(h.walletClient(1, accountIndex), { to: step.to, data: step.data })

  beforeAll(async () => {
    h = await startDevnetHarness({ chainIds: [1] })
    aggregator = getAddress(h.deployment(1).aggregator)
  })
  afterAll(async () => {
    await h?.stop()
  })

  it('names the aggregator as the spender', async () => {
    expect(await getJson('/trade/v1/1/approval/spender')).toEqual({ address: aggregator })
  })

  it('builds an unlimited approve(aggregator) that sets exactly that allowance when sent', async () => {
    const wallet = h.account(3).address
    const usdc = token('USDC')
    expect(await allowanceOf(usdc, wallet)).toBe('0')
    const body = await approval(usdc, wallet)
    expect(body).toMatchObject({
      to: usdc,
      value: '0',
      amount: maxUint256.toString(),
      allowance: '0',
      spender: aggregator,
      resetRequired: false,
    })
    expect(BigInt(body.gasPrice)).toBe(await h.deployerClient(1).getGasPrice())
    expect(decodeApprove(body.data)).toEqual({ functionName: 'approve', args: [aggregator, maxUint256] })
    expect(body.steps).toEqual([
      { kind: 'approve', to: usdc, data: body.data, value: '0', amount: maxUint256.toString() },
    ])
    await send(3, body)
    expect(await onChainAllowance(usdc, wallet)).toBe(maxUint256)
    expect(await allowanceOf(usdc, wallet)).toBe(maxUint256.toString())
    const again = await approval(usdc, wallet, 5n)
    expect(again.resetRequired).toBe(false)
    expect(again.steps.map((s) => s.kind)).toEqual(['approve'])
  })

  it('builds an exact approve that sets exactly the requested amount', async () => {
    const wallet = h.account(4).address
    const dai = token('DAI')
    const amount = 1_234_567_890_123_456_789n
    const body = await approval(dai, wallet, amount)
    expect(body.amount).toBe(amount.toString())
    expect(decodeApprove(body.data)).toEqual({ functionName: 'approve', args: [aggregator, amount] })
    await send(4, body)
    expect(await onChainAllowance(dai, wallet)).toBe(amount)
    expect(await allowanceOf(dai, wallet)).toBe(amount.toString())
  })

  it('resets a USDT-style allowance to 0 before changing it; the approve alone reverts', async () => {
    const wallet = h.account(5).address
    const usdt = token('USDT')
    expect(h.token(1, 'USDT').tags).toContain('approve-reset')
    const first = await approval(usdt, wallet, 1_000_000n)
    expect(first.resetRequired).toBe(false)
    expect(first.steps.map((s) => s.kind)).toEqual(['approve'])
    await send(5, first)
    expect(await onChainAllowance(usdt, wallet)).toBe(1_000_000n)

    const second = await approval(usdt, wallet, 2_500_000n)
    expect(second.resetRequired).toBe(true)
    expect(second.allowance).toBe('1000000')
    expect(second.amount).toBe('2500000')
    expect(second.steps.map((s) => [s.kind, s.amount])).toEqual([
      ['reset', '0'],
      ['approve', '2500000'],
    ])
    const [reset, approve] = second.steps
    if (!reset || !approve) throw new Error('expected two steps')
    expect({ to: second.to, data: second.data }).toEqual({ to: reset.to, data: reset.data })
    expect(decodeApprove(reset.data)).toEqual({ functionName: 'approve', args: [aggregator, 0n] })
    expect(decodeApprove(approve.data)).toEqual({ functionName: 'approve', args: [aggregator, 2_500_000n] })

    await expect(send(5, approve)).rejects.toThrow()
    expect(await onChainAllowance(usdt, wallet)).toBe(1_000_000n)

    await send(5, reset)
    expect(await allowanceOf(usdt, wallet)).toBe('0')
    const afterReset = await approval(usdt, wallet, 2_500_000n)
    expect(afterReset.resetRequired).toBe(false)
    expect(afterReset.data).toBe(approve.data)
    await send(5, approve)
    expect(await onChainAllowance(usdt, wallet)).toBe(2_500_000n)
    expect(await allowanceOf(usdt, wallet)).toBe('2500000')

    const revoke = await approval(usdt, wallet, 0n)
    expect(revoke.resetRequired).toBe(false)
    expect(revoke.steps.map((s) => [s.kind, s.amount])).toEqual([['approve', '0']])
  })

  describe('bad input', () => {
    const wallet = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const q = (tokenAddress: string, extra = '') =>
      `tokenAddress=${tokenAddress}&walletAddress=${wallet}${extra}`
    it.each([
      ['/trade/v1/999/approval/spender', 400, 'UNSUPPORTED_CHAIN', '999'],
      ['/trade/v1/abc/approval/spender', 400, 'INVALID_PARAMS', 'chainId'],
      [`/trade/v1/56/approval/transaction?${q(zeroAddress)}`, 400, 'UNSUPPORTED_CHAIN', '56'],
      [`/trade/v1/56/approval/allowance?${q(zeroAddress)}`, 400, 'UNSUPPORTED_CHAIN', '56'],
      [`/trade/v1/1/approval/transaction?${q('0x12345')}`, 400, 'INVALID_PARAMS', 'tokenAddress'],
      [`/trade/v1/1/approval/allowance?${q('usdc')}`, 400, 'INVALID_PARAMS', 'tokenAddress'],
      [
        `/trade/v1/1/approval/transaction?tokenAddress=${unknownToken}&walletAddress=0xnope`,
        400,
        'INVALID_PARAMS',
        'walletAddress',
      ],
      [`/trade/v1/1/approval/allowance?tokenAddress=${unknownToken}`, 400, 'INVALID_PARAMS', 'walletAddress'],
      [`/trade/v1/1/approval/transaction?${q(unknownToken, '&amount=-1')}`, 400, 'INVALID_PARAMS', 'amount'],
      [`/trade/v1/1/approval/transaction?${q(unknownToken, '&amount=1.5')}`, 400, 'INVALID_PARAMS', 'amount'],
      [`/trade/v1/1/approval/transaction?${q(unknownToken, '&amount=')}`, 400, 'INVALID_PARAMS', 'amount'],
      [
        `/trade/v1/1/approval/transaction?${q(unknownToken, '&amount=1e18')}`,
        400,
        'INVALID_PARAMS',
        'amount',
      ],
      [
        `/trade/v1/1/approval/transaction?${q(unknownToken, `&amount=${maxUint256 + 1n}`)}`,
        400,
        'INVALID_PARAMS',
        'amount',
      ],
      [`/trade/v1/1/approval/transaction?${q(zeroAddress)}`, 400, 'INVALID_PARAMS', 'native'],
      [`/trade/v1/1/approval/transaction?${q(eeee)}`, 400, 'INVALID_PARAMS', 'native'],
      [`/trade/v1/1/approval/allowance?${q(zeroAddress)}`, 400, 'INVALID_PARAMS', 'native'],
      [`/trade/v1/1/approval/transaction?${q(unknownToken)}`, 400, 'UNSUPPORTED_TOKEN', 'tokenAddress'],
      [`/trade/v1/1/approval/allowance?${q(unknownToken)}`, 400, 'UNSUPPORTED_TOKEN', 'tokenAddress'],
    ])('%s -> %i %s', async (path, status, code, mention) => {
      await expectError(await h.request(path), status, code, mention)
    })

    it('accepts the largest amount, 2^256-1', async () => {
      const body = await approval(token('LINK'), wallet, maxUint256)
      expect(body.amount).toBe(maxUint256.toString())
    })
  })
})

describe('approval endpoints when the chain node is down', () => {
  it('answer 503 UPSTREAM_UNAVAILABLE, not 500', async () => {
    const { app } = createTestApp()
    const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
    const wallet = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    for (const kind of ['allowance', 'transaction']) {
      const res = await app.request(
        `/trade/v1/1/approval/${kind}?tokenAddress=${usdc}&walletAddress=${wallet}`,
      )
      await expectError(res, 503, 'UPSTREAM_UNAVAILABLE')
    }
    expect(await (await app.request('/trade/v1/1/approval/spender')).json()).toEqual({
      address: '0x1111111111111111111111111111111111111111',
    })
  })
})
