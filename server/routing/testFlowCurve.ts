import { type FlowCurve, sampleFlowCurve } from './sampleFlowCurve'

/** Test fixture: a constant-product pool's output for `x` (no fee), as a model sampled at the solver's grid. */
export function constantProductCurve(reserveIn: number, reserveOut: number, scale: number): FlowCurve {
  const curve = sampleFlowCurve(scale, (x) => Math.floor((x * reserveOut) / (reserveIn + x)))
  if (!curve) throw new Error('no curve')
  return curve
}
