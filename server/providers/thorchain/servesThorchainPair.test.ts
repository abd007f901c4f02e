import { describe, expect, it } from 'vitest'
import { servesThorchainPair } from './servesThorchainPair'

const BTC = -3980891822
const GAIA = -978111860

describe('servesThorchainPair', () => {
  const chains = [1, 56, BTC, GAIA]

  it.each([
    [BTC, 1, true],
    [1, BTC, true],
    [BTC, GAIA, true],
    [GAIA, 56, true],
    // two EVM chains are the bridges'
    [1, 56, false],
    [BTC, BTC, false],
    // a chain not among the served
    [43114, BTC, false],
    [BTC, -3143381382, false],
  ])('%d to %d: %s', (source, destination, served) => {
    expect(servesThorchainPair(chains, source, destination)).toBe(served)
  })
})
