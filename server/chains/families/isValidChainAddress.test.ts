import { bech32 } from '@scure/base'
import bitcore from 'bitcore-lib'
import bitcoreCash from 'bitcore-lib-cash'
import bitcoreDoge from 'bitcore-lib-doge'
import { describe, expect, it } from 'vitest'
import { type ChainInfo, getChainInfo } from '../chainInfo'
import { isValidChainAddress } from './isValidChainAddress'

const ids = { eth: 1, btc: -3980891822, bch: -174457306, ltc: -33463083, doge: -3143381382, atom: -978111860 }

const osmosisAddress = bech32.encode(
  'osmo',
  bech32.decode('cosmos1syavy2npfyt9tcncdtsdzf7kny9lh777pahuux').words,
)

function chain(id: number): ChainInfo {
  const info = getChainInfo(id)
  if (info === undefined) throw new Error(`no chain ${id}`)
  return info
}

describe('isValidChainAddress', () => {
  it.each([
    [ids.eth, '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'],
    [ids.eth, '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2'],
    [ids.btc, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    [ids.btc, '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    [ids.btc, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    [ids.btc, 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'],
    [ids.btc, 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'],
    [ids.bch, 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'],
    [ids.bch, 'qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'],
    [ids.bch, '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu'],
    [ids.ltc, 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9'],
    [ids.doge, 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L'],
    [ids.atom, 'cosmos1syavy2npfyt9tcncdtsdzf7kny9lh777pahuux'],
    [ids.atom, 'cosmos1fl48vsnmsdzcv85q5d2q4z5ajdha8yu34mf0eh'],
  ])('chain %i accepts %s', (id, address) => {
    expect(isValidChainAddress(chain(id), address)).toBe(true)
  })

  it.each([
    [ids.eth, '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756cc2', 'a broken EIP-55 checksum'],
    [ids.eth, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'a Bitcoin address'],
    [ids.btc, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'a broken base58 checksum'],
    [ids.btc, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'a broken bech32 checksum'],
    [ids.btc, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7Kv8f3t4', 'mixed case'],
    [ids.btc, 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj1', 'a broken bech32m checksum'],
    [ids.btc, 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L', 'a Dogecoin address'],
    [ids.btc, 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', 'a CashAddr'],
    [ids.bch, 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6b', 'a broken CashAddr checksum'],
    [ids.bch, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'a segwit address'],
    [ids.ltc, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'a Bitcoin P2PKH address'],
    [ids.doge, 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9', 'a Litecoin address'],
    [ids.atom, 'cosmos1syavy2npfyt9tcncdtsdzf7kny9lh777pahuuy', 'a broken bech32 checksum'],
    [ids.atom, osmosisAddress, 'the same key under another prefix'],
    [ids.atom, '', 'an empty string'],
  ])('chain %i refuses %s (%s)', (id, address) => {
    expect(isValidChainAddress(chain(id), address)).toBe(false)
  })
})

describe('isValidChainAddress on the devnet (regtest formats)', () => {
  const key = (lib: typeof bitcore) => new lib.PrivateKey('11'.repeat(32), lib.Networks.regtest)
  const btcRegtest = key(bitcore).toAddress(bitcore.Networks.regtest, 'witnesspubkeyhash').toString()
  const bchRegtest = key(bitcoreCash).toAddress(bitcoreCash.Networks.regtest).toString()
  const dogeRegtest = key(bitcoreDoge).toAddress(bitcoreDoge.Networks.regtest).toString()

  it('accepts the regtest addresses the devnet ledgers use, and only under regtest', () => {
    expect([btcRegtest.slice(0, 6), bchRegtest.slice(0, 7)]).toEqual(['bcrt1q', 'bchreg:'])
    for (const [id, address] of [
      [ids.btc, btcRegtest],
      [ids.bch, bchRegtest],
      [ids.doge, dogeRegtest],
    ] as const) {
      expect(isValidChainAddress(chain(id), address, 'regtest')).toBe(true)
      expect(isValidChainAddress(chain(id), address, 'mainnet')).toBe(false)
    }
    expect(isValidChainAddress(chain(ids.btc), 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'regtest')).toBe(
      false,
    )
    expect(isValidChainAddress(chain(ids.doge), btcRegtest, 'regtest')).toBe(false)
  })
})
