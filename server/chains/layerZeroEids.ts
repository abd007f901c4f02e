/**
 * LayerZero V2 endpoint ids of our EVM chains: the mainnet eids LayerZero assigns (30000 + the V1 id), in one
 * table for the devnet deployer, the relayer and the bridge providers.
 */
export const layerZeroEids: Readonly<Record<number, number>> = {
  1: 30101,
  10: 30111,
  56: 30102,
  137: 30109,
  250: 30112,
  8453: 30184,
  42161: 30110,
  43114: 30106,
}

/** The LayerZero V2 eid of `chainId`, or undefined when LayerZero does not serve it here. */
export function getLayerZeroEid(chainId: number): number | undefined {
  return layerZeroEids[chainId]
}

/** The chain id whose LayerZero V2 eid is `eid`, or undefined for an eid not in the table. */
export function getChainIdForLayerZeroEid(eid: number): number | undefined {
  const found = Object.entries(layerZeroEids).find(([, value]) => value === eid)
  return found ? Number(found[0]) : undefined
}
