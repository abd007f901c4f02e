export { applyTransferFee } from './applyTransferFee'
export { compareRoutes } from './compareRoutes'
export { computeAmountInMax } from './computeAmountInMax'
export { computeAmountOutMin } from './computeAmountOutMin'
export { computeGrossAmountOut } from './computeGrossAmountOut'
export { computeIntegratorFee } from './computeIntegratorFee'
export { computePriceImpact } from './computePriceImpact'
export { type CachedHop, createHopCache, type HopCache } from './createHopCache'
export { type FindBestRouteParams, findBestRoute } from './findBestRoute'
export { findBestRoutePerExchange } from './findBestRoutePerExchange'
export { computeGasCostInToken, computeRouteGasUnits, defaultGasModel, type GasModel } from './gasModel'
export { optimalParallelV2Split, type ParallelV2Pool } from './optimalParallelV2Split'
export { RoutingError, type RoutingErrorCode } from './RoutingError'
export { SwapRevertError } from './SwapRevertError'
export { toContractLegs } from './toContractLegs'
export type {
  ContractHop,
  ContractLeg,
  Hop,
  Leg,
  PoolState,
  PoolSwapResult,
  Price,
  Route,
  TokenFacts,
  TradeType,
  V2PoolState,
  V3PoolState,
  V3Tick,
} from './types'
export { getAmountIn } from './v2/getAmountIn'
export { getAmountOut } from './v2/getAmountOut'
export { simulateV2Swap } from './v2/simulateV2Swap'
export { simulateV3Swap } from './v3/simulateV3Swap'
export {
  getSqrtRatioAtTick,
  getTickAtSqrtRatio,
  MAX_SQRT_RATIO,
  MAX_TICK,
  MIN_SQRT_RATIO,
  MIN_TICK,
} from './v3/tickMath'
