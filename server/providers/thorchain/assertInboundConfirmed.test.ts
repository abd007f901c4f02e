import { describe, expect, it } from 'vitest'
import { AppError } from '../../errors'
import { assertInboundConfirmed } from './assertInboundConfirmed'
import type { ThornodeInboundAddress } from './createThornodeClient'

const BTC = -3980891822
const BTC_VAULT = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const ETH_VAULT = '0x00000000000000000000000000000000000fa017'
const ETH_ROUTER = '0x00000000000000000000000000000000000fa018'
const btc: ThornodeInboundAddress = { chain: 'BTC', address: BTC_VAULT, halted: false }
const eth: ThornodeInboundAddress = { chain: 'ETH', address: ETH_VAULT, router: ETH_ROUTER, halted: false }

/** What the check confirms against `checked`: 'confirmed' or the AppError's status, code, message and details. */
const outcome = async (
  chainId: number,
  inbound: ThornodeInboundAddress,
  checked: ThornodeInboundAddress[],
) => {
  try {
    await assertInboundConfirmed(
      { inboundCheck: { inboundAddresses: async () => checked } },
      chainId,
      inbound,
    )
    return 'confirmed'
  } catch (error: unknown) {
    if (!(error instanceof AppError)) throw error
    return [error.status, error.code, error.message, error.details]
  }
}

const refused = (chainId: number, details: Record<string, unknown>) => [
  502,
  'UPSTREAM_REFUSED',
  `The liquidity network's two sources disagree on the vault of chain ${chainId}: no deposit is built`,
  { chainId, ...details },
]

describe('assertInboundConfirmed', () => {
  it.each<[string, number, ThornodeInboundAddress, ThornodeInboundAddress[], unknown]>([
    ['BTC: the same vault', BTC, btc, [eth, btc], 'confirmed'],
    [
      'BTC: the vault in upper case (a bech32 vault is written one way)',
      BTC,
      btc,
      [{ ...btc, address: BTC_VAULT.toUpperCase() }],
      refused(BTC, { vault: BTC_VAULT, checkVault: BTC_VAULT.toUpperCase() }),
    ],
    [
      'BTC: another vault',
      BTC,
      btc,
      [{ ...btc, address: 'bc1qother' }],
      refused(BTC, { vault: BTC_VAULT, checkVault: 'bc1qother' }),
    ],
    ['BTC: no vault there', BTC, btc, [eth], refused(BTC, { vault: BTC_VAULT, checkVault: null })],
    [
      'ETH: the same vault and router in another letter case',
      1,
      eth,
      [{ ...eth, address: ETH_VAULT.toUpperCase().replace('0X', '0x') }],
      'confirmed',
    ],
    [
      'ETH: another vault',
      1,
      eth,
      [{ ...eth, address: '0x00000000000000000000000000000000000fa019' }],
      refused(1, {
        vault: ETH_VAULT,
        checkVault: '0x00000000000000000000000000000000000fa019',
        router: ETH_ROUTER,
        checkRouter: ETH_ROUTER,
      }),
    ],
    [
      'ETH: the same vault, another router',
      1,
      eth,
      [{ ...eth, router: '0x00000000000000000000000000000000000fa019' }],
      refused(1, {
        vault: ETH_VAULT,
        checkVault: ETH_VAULT,
        router: ETH_ROUTER,
        checkRouter: '0x00000000000000000000000000000000000fa019',
      }),
    ],
    [
      'ETH: the same vault, no router',
      1,
      eth,
      [{ chain: 'ETH', address: ETH_VAULT, halted: false }],
      refused(1, { vault: ETH_VAULT, checkVault: ETH_VAULT, router: ETH_ROUTER, checkRouter: null }),
    ],
  ])('%s', async (_name, chainId, inbound, checked, expected) => {
    expect(await outcome(chainId, inbound, checked)).toEqual(expected)
  })

  it('does nothing without a second source', async () => {
    await expect(assertInboundConfirmed({ inboundCheck: undefined }, BTC, btc)).resolves.toBeUndefined()
  })

  it("passes on the second source's outage: nothing is built unconfirmed", async () => {
    const outage = new AppError('UPSTREAM_UNAVAILABLE', 'The liquidity network (THORNode) does not answer')
    const inboundCheck = {
      inboundAddresses: async (): Promise<ThornodeInboundAddress[]> => {
        throw outage
      },
    }
    await expect(assertInboundConfirmed({ inboundCheck }, BTC, btc)).rejects.toBe(outage)
  })
})
