import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import type { ChainDeployment } from '../chains/deployment'
import { AppError } from '../errors'
import { createMarkets } from '../market/createMarkets'
import { createAcrossProvider } from '../providers/across/createAcrossProvider'
import { createStargateProvider } from '../providers/stargate/createStargateProvider'
import { createThorchainProvider } from '../providers/thorchain/createThorchainProvider'
import type { CrossChainProvider, ProviderJson, ProviderQuote } from '../providers/types'
import { createFakeDeployments } from '../testing/fakeDeployments'

const BTC = -3980891822
const now = 1_800_000_000
const usdc = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' as Address
const base = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913' as Address
const account = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const at = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as Address

/** The fake chains 1 and 8453 with a Stargate USDC pool, LayerZero ids and Across on each. */
const deployments: ChainDeployment[] = createFakeDeployments().map((d, index) => {
  const token = d.chainId === 1 ? usdc : base
  return {
    ...d,
    layerZero: {
      eid: 30_101 + index,
      endpoint: at(0x100 + index),
      executor: at(0x110 + index),
      dvn: at(0x120 + index),
      priceFeed: at(0x130 + index),
      treasury: at(0x140 + index),
      executorFeeLib: at(0x150 + index),
      dvnFeeLib: at(0x160 + index),
      sendUln302: at(0x170 + index),
      receiveUln302: at(0x180 + index),
    },
    stargate: {
      tokenMessaging: at(0x200 + index),
      creditMessaging: at(0x210 + index),
      entry: at(0x220 + index),
      composer: at(0x230 + index),
      pools: [{ assetId: 1, symbol: 'USDC', token, decimals: 6, pool: at(0x240 + index) }],
    },
    across: {
      spokePool: at(0x300 + index),
      entry: at(0x310 + index),
      handler: at(0x320 + index),
      assets: [{ asset: 'USDC', token, decimals: 6 }],
      relayers: [],
    },
  }
})
const markets = createMarkets({ deployments, pollIntervalMs: 1_000 })

const quoteOf = (providerId: string, details: Record<string, ProviderJson>, to = base): ProviderQuote => ({
  providerId,
  request: {
    from: { chainId: 1, address: usdc, decimals: 6 },
    to: { chainId: 8453, address: to, decimals: 6 },
    amountIn: 100_000_000n,
    sender: account,
    receiver: account,
    slippage: 0.01,
  },
  amountOut: 99_000_000n,
  amountOutMin: 98_000_000n,
  fees: [],
  estimatedDurationSec: 60,
  expiresAt: now + 600,
  nativeFee: 5n,
  details,
})

/** The error `buildTransaction` answers, as [code, param], or 'built'. */
async function outcome(provider: CrossChainProvider, quote: ProviderQuote) {
  try {
    await provider.buildTransaction(quote)
    return 'built'
  } catch (error: unknown) {
    if (!(error instanceof AppError)) throw error
    return [error.code, (error.details as { param?: string }).param]
  }
}

describe('Stargate: posted details are validated (400 naming the field), never thrown at the encoder', () => {
  const provider = createStargateProvider({ deployments, markets, now: () => now })
  const valid = {
    pool: at(0x240),
    composer: '0x0000000000000000000000000000000000000000',
    dstEid: 30_102,
    minBridgeAmount: '0',
    minAmountLD: '98000000',
    extraOptions: '0x',
    feeRecipient: '0x0000000000000000000000000000000000000000',
    feeBps: 0,
    deadline: now + 3_600,
    originSteps: [],
    destinationSteps: [],
  }
  it.each<[string, Record<string, ProviderJson>, unknown]>([
    ['as issued', {}, 'built'],
    ['minAmountLD not a number', { minAmountLD: 'abc' }, ['INVALID_PARAMS', 'transactionData.minAmountLD']],
    ['minAmountLD negative', { minAmountLD: '-1' }, ['INVALID_PARAMS', 'transactionData.minAmountLD']],
    [
      'minAmountLD 2^256',
      { minAmountLD: (2n ** 256n).toString() },
      ['INVALID_PARAMS', 'transactionData.minAmountLD'],
    ],
    ['minAmountLD 2^256 - 1', { minAmountLD: (2n ** 256n - 1n).toString() }, 'built'],
    [
      'minBridgeAmount a number',
      { minBridgeAmount: 5 },
      ['INVALID_PARAMS', 'transactionData.minBridgeAmount'],
    ],
    ['extraOptions odd hex', { extraOptions: '0xabc' }, ['INVALID_PARAMS', 'transactionData.extraOptions']],
    ['extraOptions no hex', { extraOptions: 'zz' }, ['INVALID_PARAMS', 'transactionData.extraOptions']],
    [
      'feeRecipient not an address',
      { feeRecipient: '0x1234' },
      ['INVALID_PARAMS', 'transactionData.feeRecipient'],
    ],
    ['pool not an address', { pool: 'pool' }, ['INVALID_PARAMS', 'transactionData.pool']],
    ['feeBps 1001', { feeBps: 1001 }, ['INVALID_PARAMS', 'transactionData.feeBps']],
    ['feeBps 1000', { feeBps: 1000 }, 'built'],
    ['deadline a string', { deadline: '1' }, ['INVALID_PARAMS', 'transactionData.deadline']],
    ['originSteps garbage', { originSteps: 'x' }, ['INVALID_PARAMS', 'transactionData.originSteps']],
  ])('%s', async (_name, change, expected) => {
    expect(await outcome(provider, quoteOf('stargate', { ...valid, ...change }))).toEqual(expected)
  })
})

describe('Across: posted details are validated (400 naming the field), never thrown at the encoder', () => {
  const provider = createAcrossProvider({ deployments, markets, now: () => now })
  const valid = {
    inputToken: usdc,
    inputAmount: '99000000',
    outputToken: base,
    exactOutput: false,
    feeBps: 0,
    feeRecipient: '0x0000000000000000000000000000000000000000',
    quoteTimestamp: now - 60,
    fillDeadline: now + 1_800,
    handler: '0x0000000000000000000000000000000000000000',
    originSteps: [],
    destinationSteps: [],
  }
  it.each<[string, Record<string, ProviderJson>, unknown]>([
    ['as issued', {}, 'built'],
    ['inputAmount not a number', { inputAmount: '1e6' }, ['INVALID_PARAMS', 'transactionData.inputAmount']],
    ['inputAmount negative', { inputAmount: '-5' }, ['INVALID_PARAMS', 'transactionData.inputAmount']],
    [
      'inputAmount 2^256',
      { inputAmount: (2n ** 256n).toString() },
      ['INVALID_PARAMS', 'transactionData.inputAmount'],
    ],
    ['inputToken bad hex', { inputToken: '0xzz' }, ['INVALID_PARAMS', 'transactionData.inputToken']],
    ['handler bad', { handler: 'handler' }, ['INVALID_PARAMS', 'transactionData.handler']],
    ['feeRecipient missing', { feeRecipient: null }, ['INVALID_PARAMS', 'transactionData.feeRecipient']],
    [
      'fillDeadline beyond uint32',
      { fillDeadline: 2 ** 32 },
      ['INVALID_PARAMS', 'transactionData.fillDeadline'],
    ],
    [
      'quoteTimestamp a fraction',
      { quoteTimestamp: 1.5 },
      ['INVALID_PARAMS', 'transactionData.quoteTimestamp'],
    ],
  ])('%s', async (_name, change, expected) => {
    expect(await outcome(provider, quoteOf('across', { ...valid, ...change }))).toEqual(expected)
  })
})

describe('THORChain: an empty, garbage or loosened memo is 400, never a 500', () => {
  const vault = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
  const provider = createThorchainProvider({
    client: {
      inboundAddresses: async () => [{ chain: 'BTC', address: vault, halted: false }],
      pools: async () => [],
      quoteSwap: async () => {
        throw new Error('not used')
      },
      txStatus: async () => undefined,
      actions: async () => [],
    },
    chainIds: [1, BTC],
    now: () => now,
  })
  const btcToEth = (memo: ProviderJson): ProviderQuote => ({
    ...quoteOf('thorchain', { memo }),
    request: {
      from: { chainId: BTC, address: '0x0000000000000000000000000000000000000000', decimals: 8 },
      to: { chainId: 1, address: '0x0000000000000000000000000000000000000000', decimals: 18 },
      amountIn: 10_000_000n,
      sender: vault,
      receiver: account,
      slippage: 0.01,
    },
    amountOutMin: 980_000_000_000_000_000n,
  })
  it.each<[string, ProviderJson, unknown]>([
    ['as issued', `=:ETH.ETH:${account}:98000000`, 'built'],
    ['a higher limit', `=:ETH.ETH:${account}:98000001`, 'built'],
    ['empty', '', ['INVALID_PARAMS', 'transactionData.memo']],
    ['absent', null, ['INVALID_PARAMS', 'transactionData.memo']],
    ['garbage', 'hello', ['INVALID_PARAMS', 'transactionData.memo']],
    ['a bad asset', `=:NOPE:${account}:98000000`, ['INVALID_PARAMS', 'transactionData.memo']],
    ['limit 0', `=:ETH.ETH:${account}:0`, ['INVALID_PARAMS', 'transactionData.memo']],
    ['limit one below', `=:ETH.ETH:${account}:97999999`, ['INVALID_PARAMS', 'transactionData.memo']],
    [
      'a 10% affiliate',
      `=:ETH.ETH:${account}:98000000:thief:1000`,
      ['INVALID_PARAMS', 'transactionData.memo'],
    ],
    ['another receiver', `=:ETH.ETH:${at(7)}:98000000`, ['INVALID_PARAMS', 'transactionData.memo']],
  ])('%s', async (_name, memo, expected) => {
    expect(await outcome(provider, btcToEth(memo))).toEqual(expected)
  })
})
