import { createThornodeApi } from '../../devnet/liquidityNetwork/createThornodeApi'
import {
  createThornodeClient,
  type ThorchainTxClient,
  type ThornodeClient,
} from '../providers/thorchain/createThornodeClient'

/**
 * Test support: a THORNode client answered in-process by the devnet network's THORNode API (no port), for tests
 * that mount the liquidity network's provider. Takes `createThornodeApi`'s parameters.
 */
export function createInProcessThornodeClient(
  params: Parameters<typeof createThornodeApi>[0],
): ThornodeClient & ThorchainTxClient {
  const thornode = createThornodeApi(params)
  return createThornodeClient({
    baseUrl: 'http://thornode.devnet',
    fetch: (input, init) => Promise.resolve(thornode.request(String(input), init)),
  })
}
