import { encodeFunctionData, getAddress, parseAbi, parseUnits, size } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitForReceipt } from '../../contracts/deploy/waitForReceipt'
import { relayUntilIdle } from '../../devnet/layerZeroRelayer/relayUntilIdle'
import { createStargateProvider } from '../providers/stargate/createStargateProvider'
import { findOurStargateSend } from '../providers/stargate/findOurStargateSend'
import { getCrossTradeByOrigin } from '../store/crossTrades'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'
import { syncCrossTradeStatuses } from './followCrossTrades'

interface CrossAnswer {
  dstTrade: { toTokenAmount: string }
  transactionData: Record<string, unknown>
}
interface SwapAnswer {
  to: `0x${string}`
  data: `0x${string}`
  nativeValue: string
  approvalAddress?: string
}
interface RetryAnswer {
  chainId: number
  to: `0x${string}`
  data: `0x${string}`
  value: string
  gasLimit: string
}

/** Far below what our composer needs for a destination swap: the executor underpays every compose. */
const starvedComposeGas = 60_000n

/** EndpointV2's alert, which anyone may raise (it only emits `LzComposeAlert`). */
const forgedAlertAbi = parseAbi([
  'function lzComposeAlert(address from, address to, bytes32 guid, uint16 index, uint256 gas, uint256 value, bytes message, bytes extraData, bytes reason)',
])

let h: DevnetHarness

beforeAll(async () => {
  h = await startDevnetHarness({
    chainIds: [1, 42161],
    crossProviders: ({ deployments, markets }) => [createStargateProvider({ deployments, markets })],
  })
}, 600_000)

afterAll(async () => {
  await h?.stop()
})

describe('a LayerZero compose that failed, retried by anyone', () => {
  it('USDC on Ethereum to WETH on Arbitrum: the compose runs out of gas, info/tx says COMPOSE_FAILED, the retry from another wallet delivers exactly the quote', async () => {
    const receiver = getAddress('0x00000000000000000000000000000000000c0dea')
    const weth = h.deployment(42161).wrappedNative
    const usdc = h.token(1, 'USDC').address
    const arbitrum = h.deployment(42161)
    await h.refreshAll()
    const wallet = h.walletClient(1, 5)
    const query = new URLSearchParams({
      fromTokenAddress: usdc,
      toTokenAddress: weth,
      amount: parseUnits('1500', 6).toString(),
      destinationChainId: '42161',
      sender: wallet.account.address,
      receiver,
      slippage: '0.01',
      disableEstimate: 'true',
    })
    const quoted = await h.request(`/trade/v1/1/quote/cross?${query}`)
    expect(quoted.status).toBe(200)
    const [best] = (await quoted.json()) as CrossAnswer[]
    if (best === undefined) throw new Error('no offer')
    const posted = await h.request('/trade/v1/1/swap/cross', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ transactionData: best.transactionData, account: wallet.account.address }),
    })
    expect(posted.status).toBe(200)
    const swap = (await posted.json()) as SwapAnswer
    if (swap.approvalAddress !== undefined) await h.approve(wallet, usdc, getAddress(swap.approvalAddress))
    const hash = await wallet.sendTransaction({
      to: swap.to,
      data: swap.data,
      value: BigInt(swap.nativeValue),
      gas: 2_500_000n,
    })
    const receipt = await waitForReceipt(wallet, { hash })
    expect(receipt.status).toBe('success')
    const sent = findOurStargateSend(receipt.logs, h.deployment(1).stargate?.entry ?? receiver)
    const usdcPool = arbitrum.stargate?.pools.find((p) => p.symbol === 'USDC')?.pool
    if (sent === undefined || usdcPool === undefined) throw new Error('no send, or no USDC pool on Arbitrum')

    // Anyone may raise the endpoint's alert, here for this transfer with a message nobody queued: no failure.
    const stranger = h.walletClient(42161, 3)
    await h.sendAndWait(stranger, {
      to: arbitrum.layerZero?.endpoint ?? receiver,
      data: encodeFunctionData({
        abi: forgedAlertAbi,
        functionName: 'lzComposeAlert',
        args: [usdcPool, arbitrum.stargate?.composer ?? receiver, sent.guid, 0, 1n, 0n, '0x1234', '0x', '0x'],
      }),
    })
    const early = await h.request(`/trade/v1/info/tx/${hash}/retry`)
    expect(early.status).toBe(404)
    expect(await early.json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
    const notYet = await (await h.request(`/trade/v1/info/tx/${hash}`)).json()
    expect(notYet).toMatchObject({ status: 'INFLIGHT' })
    expect(notYet).not.toHaveProperty('subStatus')

    const before = await h.balanceOf(42161, weth, receiver)
    const composerUsdc = await h.balanceOf(
      42161,
      h.token(42161, 'USDC').address,
      arbitrum.stargate?.composer ?? receiver,
    )
    const asked: bigint[] = []
    await relayUntilIdle({
      deployments: h.deployments,
      composeGasLimit: ({ gas }) => {
        asked.push(gas)
        return starvedComposeGas
      },
    })
    // the executor tried the compose three times with too little gas; nothing reached the receiver, and the
    // bridged USDC waits in the composer
    expect(asked.length).toBe(3)
    expect((await h.balanceOf(42161, weth, receiver)) - before).toBe(0n)
    const arrivedUsdc =
      (await h.balanceOf(42161, h.token(42161, 'USDC').address, arbitrum.stargate?.composer ?? receiver)) -
      composerUsdc
    expect(arrivedUsdc > 0n).toBe(true)

    const providers = [createStargateProvider({ deployments: h.deployments, markets: h.markets })]
    await h.refreshAll()
    // info/tx stored the trade when first asked and answers from the store, which the follower keeps current
    await syncCrossTradeStatuses({ store: h.store, providers })
    expect(await getCrossTradeByOrigin(h.store.db, hash)).toMatchObject({
      state: 'INFLIGHT',
      subStatus: 'COMPOSE_FAILED',
    })
    const stuck = await (await h.request(`/trade/v1/info/tx/${hash}`)).json()
    expect(stuck).toMatchObject({ status: 'INFLIGHT', subStatus: 'COMPOSE_FAILED', dstTxHash: null })

    const retried = await h.request(`/trade/v1/info/tx/${hash}/retry`)
    expect(retried.status).toBe(200)
    const retry = (await retried.json()) as RetryAnswer
    expect(retry).toMatchObject({ chainId: 42161, to: arbitrum.layerZero?.endpoint, value: '0' })
    // the composer's budget as the quote gave it to the executor, the calldata and the endpoint's part
    expect(BigInt(retry.gasLimit)).toBe((asked[0] ?? 0n) + 100_000n + 16n * BigInt(size(retry.data)))

    // Anyone may send it: here a wallet that has nothing to do with the trade.
    const retryHash = await stranger.sendTransaction({
      to: retry.to,
      data: retry.data,
      value: BigInt(retry.value),
      gas: BigInt(retry.gasLimit),
    })
    expect((await waitForReceipt(stranger, { hash: retryHash })).status).toBe('success')
    expect((await h.balanceOf(42161, weth, receiver)) - before).toBe(BigInt(best.dstTrade.toTokenAmount))

    // A second send of the same retry finds nothing queued: the endpoint delivers a message once.
    await expect(stranger.call({ to: retry.to, data: retry.data })).rejects.toThrow()

    await syncCrossTradeStatuses({ store: h.store, providers })
    const delivered = await (await h.request(`/trade/v1/info/tx/${hash}`)).json()
    expect(delivered).toMatchObject({
      status: 'DELIVERED',
      dstTxHash: retryHash,
      amountReceived: best.dstTrade.toTokenAmount,
      tokenReceived: weth,
      receivedDifferentTokens: false,
    })
    expect(delivered).not.toHaveProperty('subStatus')
    expect((await h.request(`/trade/v1/info/tx/${hash}/retry`)).status).toBe(404)
  }, 300_000)
})
