import { type Address, isAddressEqual } from 'viem'
import type { AcrossAssetInfo, ChainDeployment } from '../../chains/deployment'
import { isNativeAddress } from '../isNativeAddress'

/**
 * The Across asset of `destination` whose fill pays the requested `token` itself, with no swap: the asset of
 * that token, or the wrapped native's (WETH) for the native coin (the zero address); undefined when Across
 * bridges no such asset there (the token needs a destination swap). Pure.
 */
export function findAcrossOutputAsset(
  destination: ChainDeployment,
  token: string,
): AcrossAssetInfo | undefined {
  return destination.across?.assets.find((a) =>
    isNativeAddress(token)
      ? isAddressEqual(a.token, destination.wrappedNative)
      : isAddressEqual(a.token, token as Address),
  )
}
