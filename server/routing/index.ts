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
export { type FoundRoutes, findRoutes, type RouteRequest } from './findRoutes'
export { computeGasCostInToken, computeRouteGasUnits, defaultGasModel, type GasModel } from './gasModel'
export { RoutingError, type RoutingErrorCode } from './RoutingError'
export { toContractLegs } from './toContractLegs'
export { type ContractStep, toContractSteps } from './toContractSteps'
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
} from './types'
