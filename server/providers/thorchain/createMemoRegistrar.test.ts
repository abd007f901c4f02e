import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing'
import { describe, expect, it } from 'vitest'
import { createLiquidityNetwork } from '../../../devnet/liquidityNetwork/createLiquidityNetwork'
import type { NetworkChainAdapter } from '../../../devnet/liquidityNetwork/networkChainAdapter'
import { devnetThorchainKey } from '../../../devnet/thorchain/devnetThorchainKey'
import { thorchainSpec } from '../../../devnet/thorchain/thorchainSpec'
import { AppError } from '../../errors'
import { createInProcessThornodeClient } from '../../testing/createInProcessThornodeClient'
import { whileNetworkPasses } from '../../testing/whileNetworkPasses'
import { createMemoRegistrar } from './createMemoRegistrar'

const E8 = 10n ** 8n
const richKey = devnetThorchainKey('registrar test rich')
const poorKey = devnetThorchainKey('registrar test poor')
const memo = (n: number) => `=:DOGE.DOGE:DCUcuRmgMYZMhpWbPLeefh7Xb3oLkmPg3V:${n}`

const addressOf = async (key: Uint8Array) => {
  const [account] = await (await DirectSecp256k1Wallet.fromKey(key, 'thor')).getAccounts()
  if (account === undefined) throw new Error('no account')
  return account.address
}

/** A chain the network serves and reads nothing on: what makes BTC.BTC a pooled gas asset here. */
const quietChain = (chain: string): NetworkChainAdapter => ({
  chain,
  gasAsset: `${chain}.${chain}`,
  outboundFee: 0n,
  vault: { address: `${chain.toLowerCase()}-vault`, gasRate: '1', gasRateUnits: 'satsperbyte' },
  isValidAddress: () => true,
  tipHeight: async () => 0,
  inboundsAt: async () => [],
  signPayment: async () => {
    throw new Error('no payouts here')
  },
  broadcast: async () => {
    throw new Error('no payouts here')
  },
})

/** THORChain (the network's ledger) with a rich and a poor account, served by THORNode's API in-process. */
async function start(chains: NetworkChainAdapter[] = [quietChain('BTC')]) {
  const network = await createLiquidityNetwork({
    chains,
    initialPools: { 'BTC.BTC': { assetDepth: 10n * E8, runeDepth: 130_000n * E8 } },
    thorchain: {
      spec: thorchainSpec(),
      genesis: [
        { address: await addressOf(richKey), rune: 100n * E8 },
        { address: await addressOf(poorKey), rune: 1_000_000n },
      ],
    },
  })
  const client = createInProcessThornodeClient({ network, chains: [{ chain: 'BTC', blockSeconds: 600 }] })
  return { network, client }
}

const failure = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  if (!(error instanceof AppError)) throw error
  return [error.code, error.message]
}

describe('createMemoRegistrar', () => {
  it('registers once per memo while the registration is unused, several memos in one block', async () => {
    const { network, client } = await start()
    const registrar = createMemoRegistrar({ client, key: richKey, pollMs: 5 })
    const [a, sameA, b] = await whileNetworkPasses(
      network,
      Promise.all([
        registrar.register('BTC.BTC', memo(1)),
        registrar.register('BTC.BTC', memo(1)),
        registrar.register('BTC.BTC', memo(2)),
      ]),
    )
    expect(sameA).toBe(a)
    expect([a?.reference, a?.memo, b?.reference, b?.memo]).toEqual(['00001', memo(1), '00002', memo(2)])
    expect(a?.height).toBe(b?.height)
    expect(a).toEqual({
      asset: 'BTC.BTC',
      memo: memo(1),
      reference: '00001',
      height: network.thorchain?.getTx(a?.registrationHash ?? '')?.height,
      registrationHash: a?.registrationHash,
    })
    const rich = await addressOf(richKey)
    expect(network.thorchain?.getAccount(rich)).toMatchObject({ sequence: 2n, rune: 100n * E8 - 4_000_000n })
    // asked again later: THORNode still holds it unused, no new transaction
    expect(await registrar.register('BTC.BTC', memo(1))).toEqual(a)
    expect(network.thorchain?.getAccount(rich)?.sequence).toBe(2n)
    // a deposit used it: the next ask registers the memo anew, under the next reference
    network.thorchain?.resolveMemoless({
      asset: 'BTC.BTC',
      amountE8: 500_001n,
      txId: 'ab',
      observedHeight: 99,
    })
    const renewed = await whileNetworkPasses(network, registrar.register('BTC.BTC', memo(1)))
    expect([renewed.reference, renewed.memo]).toEqual(['00003', memo(1)])
  })

  it('reads its sequence again when another signer of its key took it', async () => {
    const { network, client } = await start()
    const first = createMemoRegistrar({ client, key: richKey, pollMs: 5 })
    const second = createMemoRegistrar({ client, key: richKey, pollMs: 5 })
    await whileNetworkPasses(network, first.register('BTC.BTC', memo(1)))
    await whileNetworkPasses(network, second.register('BTC.BTC', memo(2)))
    // the first still counts sequence 1, taken by the second: THORChain answers a mismatch, it reads and signs again
    const third = await whileNetworkPasses(network, first.register('BTC.BTC', memo(3)))
    expect(third.reference).toBe('00003')
    expect(network.thorchain?.getAccount(await addressOf(richKey))?.sequence).toBe(3n)
  })

  it('says why when THORChain refuses, the account is missing, or no block takes the registration in time', async () => {
    const { network, client } = await start()
    const poor = createMemoRegistrar({ client, key: poorKey, pollMs: 5 })
    expect(await failure(poor.register('BTC.BTC', memo(1)))).toEqual([
      'UPSTREAM_REFUSED',
      'THORChain refused the memo registration: 1000000rune is smaller than the native fee 2000000rune: insufficient funds',
    ])
    const stranger = createMemoRegistrar({
      client,
      key: devnetThorchainKey('registrar test stranger'),
      pollMs: 5,
    })
    expect(await failure(stranger.register('BTC.BTC', memo(1)))).toEqual([
      'MEMOLESS_UNAVAILABLE',
      'The memo registrar has no THORChain account: fund it with RUNE',
    ])
    const rich = createMemoRegistrar({ client, key: richKey, pollMs: 5 })
    // ETH is served by no chain of this network: the block refuses the message after taking its fee
    expect(await failure(whileNetworkPasses(network, rich.register('ETH.ETH', memo(1))))).toEqual([
      'UPSTREAM_REFUSED',
      'THORChain refused the memo registration: memoless deposits of ETH.ETH are not served: unknown request',
    ])
    // nobody ticks: no block takes it
    const hasty = createMemoRegistrar({ client, key: richKey, pollMs: 5, timeoutMs: 30 })
    expect(await failure(hasty.register('BTC.BTC', memo(2)))).toEqual([
      'UPSTREAM_UNAVAILABLE',
      'THORChain did not register the memo in time: ask again',
    ])
  })

  it('answers MEMOLESS_UNAVAILABLE where THORNode serves no THORChain transactions', async () => {
    const network = await createLiquidityNetwork({ chains: [quietChain('BTC')], initialPools: {} })
    const client = createInProcessThornodeClient({ network, chains: [{ chain: 'BTC', blockSeconds: 600 }] })
    const registrar = createMemoRegistrar({ client, key: richKey, pollMs: 5 })
    expect(await failure(registrar.register('BTC.BTC', memo(1)))).toEqual([
      'MEMOLESS_UNAVAILABLE',
      'The liquidity network refused: THORNode serves no node_info',
    ])
  })
})
