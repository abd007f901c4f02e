import { type Address, isAddressEqual } from 'viem'
import type { AcrossAssetInfo, ChainDeployment } from '../../chains/deployment'
import { isNativeAddress } from '../isNativeAddress'

/**
 * The Across asset of `origin` a request's input `token` is: the asset of that token, or the wrapped native's
 * (WETH) for the native coin (the zero address); undefined when the input is no Across asset there. Pure.
 */
export function findAcrossInputAsset(origin: ChainDeployment, token: string): AcrossAssetInfo | undefined {
  return origin.across?.assets.find((a) =>
    isNativeAddress(token)
      ? isAddressEqual(a.token, origin.wrappedNative)
      : isAddressEqual(a.token, token as Address),
  )
}
