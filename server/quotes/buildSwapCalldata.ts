import {
  type AbiParameter,
  type Address,
  concatHex,
  decodeAbiParameters,
  encodeAbiParameters,
  getAbiItem,
  getAddress,
  type Hex,
  toFunctionSelector,
  zeroAddress,
} from 'viem'
import { aggregatorAbi } from '../../contracts/artifacts'
import { AppError } from '../errors'
import { findPoolKindByContractKind } from '../poolKinds/poolKinds'
import { createLruMap } from '../routing/createLruMap'
import type { ContractStep } from '../routing/toContractSteps'
import type { ContractHop, ContractLeg, TradeType } from '../routing/types'

/** Everything the Aggregator's `swapExactIn` / `swapExactOut` call needs. */
export interface SwapCall {
  tradeType: TradeType
  /** address(0) for native currency. */
  tokenIn: Address
  tokenOut: Address
  /** exactIn: amount pulled; exactOut: maximum pulled. */
  amountIn: bigint
  /** exactIn: minimum the receiver gets; exactOut: exact amount the receiver gets. */
  amountOut: bigint
  receiver: Address
  deadline: bigint
  feeRecipient: Address
  feeBps: number
  integratorId: Hex
  legs: readonly ContractLeg[]
  /** When set (exact input only), the call is `swapExactInRoute` with these split-and-merge steps; `legs` only describe it. */
  steps?: readonly ContractStep[]
}

/** The Aggregator's `SwapParams` tuple for a call (the fee recipient is address(0) without a fee). */
export function toAggregatorSwapParams(call: Omit<SwapCall, 'tradeType' | 'legs'>) {
  return {
    tokenIn: call.tokenIn,
    tokenOut: call.tokenOut,
    amountIn: call.amountIn,
    amountOut: call.amountOut,
    receiver: call.receiver,
    deadline: call.deadline,
    feeRecipient: call.feeBps > 0 ? call.feeRecipient : zeroAddress,
    feeBps: call.feeBps,
    integratorId: call.integratorId,
  }
}

/**
 * The Aggregator's swap functions, resolved once: `encodeFunctionData` would look each up and hash its signature
 * (keccak) on every call, the larger part of encoding a quote's calldata.
 */
const swapFunctions = {
  swapExactIn: getAbiItem({ abi: aggregatorAbi, name: 'swapExactIn' }),
  swapExactOut: getAbiItem({ abi: aggregatorAbi, name: 'swapExactOut' }),
  swapExactInRoute: getAbiItem({ abi: aggregatorAbi, name: 'swapExactInRoute' }),
}
const selectors = {
  swapExactIn: toFunctionSelector(swapFunctions.swapExactIn),
  swapExactOut: toFunctionSelector(swapFunctions.swapExactOut),
  swapExactInRoute: toFunctionSelector(swapFunctions.swapExactInRoute),
}

/** Each call's calldata, once: a quote's is needed for its estimate and its answer alike. */
const calldataOf = new WeakMap<SwapCall, Hex>()

/**
 * ABI-encodes the Aggregator call for `call`: `swapExactInRoute` for a flow's steps, else the legs' call (the same
 * bytes as `encodeFunctionData`). Encoded once per call object.
 */
export function buildSwapCalldata(call: SwapCall): Hex {
  let data = calldataOf.get(call)
  if (data === undefined) {
    data = encodeSwapCall(call)
    calldataOf.set(call, data)
  }
  return data
}

function encodeSwapCall(call: SwapCall): Hex {
  const params = toAggregatorSwapParams(call)
  if (call.steps && call.tradeType === 'exactIn') {
    const steps = call.steps.map((s) => ({ ...s }))
    return concatHex([
      selectors.swapExactInRoute,
      encodeAbiParameters(swapFunctions.swapExactInRoute.inputs, [params, steps]),
    ])
  }
  const legs = call.legs.map((leg) => ({
    amount: leg.amount,
    hops: leg.hops.map((h) => ({ ...h })),
  }))
  const name = call.tradeType === 'exactIn' ? 'swapExactIn' : 'swapExactOut'
  return concatHex([selectors[name], encodeAbiParameters(swapFunctions[name].inputs, [params, legs])])
}

const hopsParameter: AbiParameter = {
  type: 'tuple[]',
  components: [
    { name: 'kind', type: 'uint8' },
    { name: 'factoryId', type: 'uint16' },
    { name: 'tokenIn', type: 'address' },
    { name: 'tokenOut', type: 'address' },
    { name: 'fee', type: 'uint24' },
  ],
}

/** The recent legs' encodings: quotes of one pair keep naming the same few paths. */
const encodedLegs = createLruMap<string, Hex>(4_096)

/** One key per hop's ABI fields. */
export const contractHopKey = (h: ContractHop) =>
  `${h.kind}:${h.factoryId}:${h.tokenIn}:${h.tokenOut}:${h.fee}`

/** Encodes one leg's hops for the `transactionData.call[].data` field (ABI `Hop[]` of the Aggregator). */
export function encodeLegHops(hops: readonly ContractHop[]): Hex {
  const key = hops.map(contractHopKey).join('|')
  let data = encodedLegs.get(key)
  if (data === undefined) {
    data = encodeAbiParameters([hopsParameter], [hops.map((h) => ({ ...h }))])
    encodedLegs.set(key, data)
  }
  return data
}

/** Decodes `encodeLegHops` output; INVALID_PARAMS when `data` is not a well-formed hop list. */
export function decodeLegHops(data: Hex): ContractHop[] {
  try {
    const [hops] = decodeAbiParameters([hopsParameter], data) as unknown as [
      { kind: number; factoryId: number; tokenIn: Address; tokenOut: Address; fee: number }[],
    ]
    return hops.map((h) => {
      if (findPoolKindByContractKind(h.kind) === undefined) throw new Error(`unknown hop kind ${h.kind}`)
      return {
        kind: h.kind,
        factoryId: h.factoryId,
        tokenIn: getAddress(h.tokenIn),
        tokenOut: getAddress(h.tokenOut),
        fee: h.fee,
      }
    })
  } catch (error: unknown) {
    throw new AppError('INVALID_PARAMS', 'transactionData.call[].data is not a valid encoded hop list', {
      cause: error,
    })
  }
}
