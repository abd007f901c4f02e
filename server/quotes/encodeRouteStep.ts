import {
  type AbiParameter,
  concat,
  decodeAbiParameters,
  encodeAbiParameters,
  getAddress,
  type Hex,
  keccak256,
  slice,
  toHex,
} from 'viem'
import { AppError } from '../errors'
import { findPoolKindByContractKind } from '../poolKinds/poolKinds'
import { createLruMap } from '../routing/createLruMap'
import type { ContractStep } from '../routing/toContractSteps'
import { contractHopKey } from './buildSwapCalldata'

/** First word of a `transactionData.call[].data` that carries a split-and-merge step (not a leg's hops). */
export const ROUTE_STEP_TAG: Hex = keccak256(toHex('tributary.swapExactInRoute.step'))

const stepParameter: AbiParameter = {
  type: 'tuple',
  components: [
    { name: 'kind', type: 'uint8' },
    { name: 'factoryId', type: 'uint16' },
    { name: 'tokenIn', type: 'address' },
    { name: 'tokenOut', type: 'address' },
    { name: 'fee', type: 'uint24' },
    { name: 'share', type: 'uint256' },
  ],
}

/** The recent steps' encodings: a route plan's requotes keep its steps and shares. */
const encodedSteps = createLruMap<string, Hex>(4_096)

/** Encodes one step of a split-and-merge route for `transactionData.call[].data`: the tag, then the ABI `Step`. */
export function encodeRouteStep(step: ContractStep): Hex {
  const key = `${contractHopKey(step)}:${step.share}`
  let data = encodedSteps.get(key)
  if (data === undefined) {
    data = concat([ROUTE_STEP_TAG, encodeAbiParameters([stepParameter], [{ ...step }])])
    encodedSteps.set(key, data)
  }
  return data
}

/** Whether `data` is an `encodeRouteStep` output (by its tag). */
export function isRouteStepData(data: Hex): boolean {
  return data.length >= 66 && data.slice(0, 66).toLowerCase() === ROUTE_STEP_TAG.toLowerCase()
}

/** Decodes `encodeRouteStep` output; INVALID_PARAMS when `data` is not a well-formed step. */
export function decodeRouteStep(data: Hex): ContractStep {
  try {
    const [step] = decodeAbiParameters([stepParameter], slice(data, 32)) as unknown as [
      { kind: number; factoryId: number; tokenIn: Hex; tokenOut: Hex; fee: number; share: bigint },
    ]
    if (findPoolKindByContractKind(step.kind) === undefined) throw new Error(`unknown hop kind ${step.kind}`)
    return { ...step, tokenIn: getAddress(step.tokenIn), tokenOut: getAddress(step.tokenOut) }
  } catch (error: unknown) {
    throw new AppError('INVALID_PARAMS', 'transactionData.call[].data is not a valid encoded route step', {
      cause: error,
    })
  }
}
