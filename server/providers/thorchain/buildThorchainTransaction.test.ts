import { type Address, decodeFunctionData, getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { liquidityRouterAbi } from '../../../contracts/artifacts'
import { AppError } from '../../errors'
import type { ProviderQuote } from '../types'
import { createThorchainProvider } from './createThorchainProvider'
import type { ThornodeClient, ThornodeInboundAddress } from './createThornodeClient'

const BTC = -3980891822
const NOW = 1_700_000_000
const BTC_VAULT = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const ETH_VAULT = '0x00000000000000000000000000000000000fa017'
const ROUTER = getAddress('0xd37bbe5744d730a1d98d8dc97c42f0ca46ad7146')
const OTHER_ROUTER = '0x00000000000000000000000000000000000fa018'
const SENDER = '0x00000000000000000000000000000000000b0b01'
const MEMO = `=:BTC.BTC:${BTC_VAULT}:99000`

const ethInbound = (router: string | undefined): ThornodeInboundAddress => ({
  chain: 'ETH',
  address: ETH_VAULT,
  ...(router === undefined ? {} : { router }),
  halted: false,
})
const btcInbound: ThornodeInboundAddress = { chain: 'BTC', address: BTC_VAULT, halted: false }

/** A THORNode answering `inbound` and nothing else the build reads. */
const thornode = (inbound: ThornodeInboundAddress[]): ThornodeClient => ({
  inboundAddresses: async () => inbound,
  pools: async () => [],
  quoteSwap: async () => {
    throw new Error('not used')
  },
  txStatus: async () => undefined,
  actions: async () => [],
})

/** A posted quote of 0.001 ETH to BTC (or of 100,000 sat BTC to ETH with `fromBtc`), memo as issued. */
const quote = (fromBtc = false): ProviderQuote => {
  const eth = { chainId: 1, address: '0x0000000000000000000000000000000000000000', decimals: 18 }
  const btc = { chainId: BTC, address: '0x0000000000000000000000000000000000000000', decimals: 8 }
  return {
    providerId: 'thorchain',
    request: {
      from: fromBtc ? btc : eth,
      to: fromBtc ? eth : btc,
      amountIn: fromBtc ? 100_000n : 10n ** 15n,
      sender: fromBtc ? BTC_VAULT : SENDER,
      receiver: fromBtc ? SENDER : BTC_VAULT,
      slippage: 0.01,
    },
    amountOut: fromBtc ? 10n ** 15n : 100_000n,
    amountOutMin: fromBtc ? 99n * 10n ** 13n : 99_000n,
    fees: [],
    estimatedDurationSec: 600,
    expiresAt: NOW + 900,
    nativeFee: 0n,
    details: { memo: fromBtc ? `=:ETH.ETH:${SENDER}:99000` : MEMO },
  }
}

/** The deposit's `to` (and the router call's vault), or the AppError's status, code and message. */
const build = async (
  params: Partial<Parameters<typeof createThorchainProvider>[0]>,
  fromBtc = false,
  memoless = false,
) => {
  const provider = createThorchainProvider({
    client: thornode([ethInbound(ROUTER.toLowerCase()), btcInbound]),
    chainIds: [1, BTC],
    pinnedRouters: new Map<number, Address>([[1, ROUTER]]),
    now: () => NOW,
    ...params,
  })
  try {
    const tx = await provider.buildTransaction(quote(fromBtc), memoless ? { memoless } : {})
    if (tx.family === 'evm') {
      const call = decodeFunctionData({ abi: liquidityRouterAbi, data: tx.data })
      return { to: tx.to, vault: call.args?.[0] }
    }
    return { to: 'to' in tx ? tx.to : undefined }
  } catch (error: unknown) {
    if (!(error instanceof AppError)) throw error
    return [error.status, error.code, error.message]
  }
}

describe('buildThorchainTransaction: the router pinned, the vault confirmed', () => {
  it.each<[string, Partial<Parameters<typeof createThorchainProvider>[0]>, unknown]>([
    ['THORNode names the pinned router (in lower case)', {}, { to: ROUTER, vault: getAddress(ETH_VAULT) }],
    [
      'THORNode names another router',
      { client: thornode([ethInbound(OTHER_ROUTER), btcInbound]) },
      [
        502,
        'UPSTREAM_REFUSED',
        `THORNode names router ${OTHER_ROUTER} on chain 1, not the pinned ${ROUTER}: its answer is refused`,
      ],
    ],
    [
      'THORNode names a router where none is pinned',
      { pinnedRouters: new Map() },
      [
        502,
        'UPSTREAM_REFUSED',
        `THORNode names router ${ROUTER.toLowerCase()} on chain 1, where the configuration pins none: no deposit is built through it`,
      ],
    ],
    [
      'THORNode names no router',
      { client: thornode([ethInbound(undefined), btcInbound]) },
      [503, 'UPSTREAM_UNAVAILABLE', 'The liquidity network has no router on this chain'],
    ],
    [
      'the second source agrees',
      { inboundCheck: thornode([ethInbound(ROUTER), btcInbound]) },
      { to: ROUTER, vault: getAddress(ETH_VAULT) },
    ],
    [
      'the second source names another vault',
      {
        inboundCheck: thornode([
          { ...ethInbound(ROUTER), address: '0x00000000000000000000000000000000000fa019' },
          btcInbound,
        ]),
      },
      [
        502,
        'UPSTREAM_REFUSED',
        "The liquidity network's two sources disagree on the vault of chain 1: no deposit is built",
      ],
    ],
  ])('ETH to BTC, %s', async (_name, params, expected) => {
    expect(await build(params)).toEqual(expected)
  })

  it.each<[string, Partial<Parameters<typeof createThorchainProvider>[0]>, unknown]>([
    ['no second source', {}, { to: BTC_VAULT }],
    ['the second source agrees', { inboundCheck: thornode([btcInbound]) }, { to: BTC_VAULT }],
    [
      'the second source names another vault',
      { inboundCheck: thornode([{ ...btcInbound, address: 'bc1qspoofed' }]) },
      [
        502,
        'UPSTREAM_REFUSED',
        `The liquidity network's two sources disagree on the vault of chain ${BTC}: no deposit is built`,
      ],
    ],
    [
      'THORNode names another router on Ethereum: its whole answer is refused',
      { client: thornode([ethInbound(OTHER_ROUTER), btcInbound]) },
      [
        502,
        'UPSTREAM_REFUSED',
        `THORNode names router ${OTHER_ROUTER} on chain 1, not the pinned ${ROUTER}: its answer is refused`,
      ],
    ],
  ])('BTC to ETH, %s', async (_name, params, expected) => {
    expect(await build(params, true)).toEqual(expected)
  })
})

describe('buildThorchainTransaction: a deposit without a memo, only where one can be', () => {
  /** A registrar and a THORNode reading that fail the test if asked: the refusals come before them. */
  const unasked = {
    registrar: {
      register: async () => {
        throw new Error('the registrar was asked')
      },
    },
    client: {
      referenceCheck: async () => {
        throw new Error('THORNode was asked')
      },
    },
  }

  it.each<[string, Partial<Parameters<typeof createThorchainProvider>[0]>, boolean, unknown]>([
    [
      'from Ethereum',
      { memoless: unasked },
      false,
      [
        400,
        'MEMOLESS_UNAVAILABLE',
        'Only a deposit from a UTXO chain (BTC, BCH, LTC, DOGE) can be paid without a memo',
      ],
    ],
    [
      'from Bitcoin, no registrar',
      {},
      true,
      [400, 'MEMOLESS_UNAVAILABLE', 'This server registers no memos for deposits without one'],
    ],
  ])('%s: refused', async (_name, params, fromBtc, expected) => {
    expect(await build(params, fromBtc, true)).toEqual(expected)
  })
})
