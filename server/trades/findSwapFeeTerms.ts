import {
  type Address,
  decodeFunctionData,
  type Hex,
  isAddressEqual,
  toFunctionSelector,
  zeroAddress,
} from 'viem'
import { aggregatorAbi } from '../../contracts/artifacts'

/** The integrator fee terms of one swap call: `feeRecipient` is address(0) when `feeBps` is 0. */
export type SwapFeeTerms = { feeRecipient: Address; feeBps: number }

/** A `Swapped` event's fields the terms are matched and checked against. */
export type SwappedFields = {
  integratorId: Hex
  receiver: Address
  tokenIn: Address
  tokenOut: Address
  amountOut: bigint
  feeAmount: bigint
}

/** An ERC-20 `Transfer` log of the transaction. */
export type TransferLog = { token: Address; from: Address; to: Address; value: bigint }

const swapFunctions = new Set(['swapExactIn', 'swapExactOut', 'swapExactInRoute'])
const selectors: string[] = []
for (const item of aggregatorAbi) {
  if (item.type === 'function' && swapFunctions.has(item.name))
    selectors.push(toFunctionSelector(item).slice(2))
}
/** Embedded calls tried per transaction: a bound on the work a crafted input can cause. */
const MAX_EMBEDDED_CALLS = 16

/**
 * The fee terms the swap that emitted `swap` was called with, read from its transaction (`to`, `input`):
 * from the input itself when the transaction called the Aggregator directly (authoritative); otherwise from
 * the Aggregator calls embedded in the input (a wallet or multicall passes them on unchanged) whose
 * integrator id, receiver and tokens match the event, when they all agree and the chain corroborates them
 * (a contract in between could change the call): no fee means `feeAmount` 0, a fee means `feeAmount` is
 * that fee of the output (exact in or exact out, to the unit) and a `Transfer` of it from the Aggregator to
 * the recipient. Without a readable call, a swap that paid no fee has the terms of no fee. Undefined when
 * the terms cannot be established (the watcher then attributes the swap to nobody). Pure.
 */
export function findSwapFeeTerms(params: {
  aggregator: Address
  to: Address | null
  input: Hex
  swap: SwappedFields
  transfers: readonly TransferLog[]
}): SwapFeeTerms | undefined {
  const { aggregator, input, swap } = params
  const noFee = swap.feeAmount === 0n ? { feeRecipient: zeroAddress, feeBps: 0 } : undefined
  if (params.to !== null && isAddressEqual(params.to, aggregator)) return termsOf(input, swap) ?? noFee
  const found: SwapFeeTerms[] = []
  const hex = input.slice(2).toLowerCase()
  let tried = 0
  for (const selector of selectors) {
    for (
      let at = hex.indexOf(selector);
      at !== -1 && tried < MAX_EMBEDDED_CALLS;
      at = hex.indexOf(selector, at + 2)
    ) {
      if (at % 2 !== 0) continue
      tried++
      const terms = termsOf(`0x${hex.slice(at)}`, swap)
      if (terms !== undefined) found.push(terms)
    }
  }
  if (found.length === 0) return noFee
  const [terms] = found
  if (
    terms === undefined ||
    found.some((t) => t.feeBps !== terms.feeBps || !isAddressEqual(t.feeRecipient, terms.feeRecipient))
  )
    return undefined
  return isCorroborated(terms, params) ? terms : undefined
}

/** The fee terms of `data` when it is an Aggregator swap call for exactly this event's swap. */
function termsOf(data: Hex, swap: SwappedFields): SwapFeeTerms | undefined {
  try {
    const call = decodeFunctionData({ abi: aggregatorAbi, data })
    if (!swapFunctions.has(call.functionName)) return undefined
    const [p] = call.args as unknown as [
      {
        tokenIn: Address
        tokenOut: Address
        receiver: Address
        feeRecipient: Address
        feeBps: number
        integratorId: Hex
      },
    ]
    if (
      p.integratorId.toLowerCase() !== swap.integratorId.toLowerCase() ||
      !isAddressEqual(p.receiver, swap.receiver) ||
      !isAddressEqual(p.tokenIn, swap.tokenIn) ||
      !isAddressEqual(p.tokenOut, swap.tokenOut)
    )
      return undefined
    return { feeRecipient: p.feeBps === 0 ? zeroAddress : p.feeRecipient, feeBps: p.feeBps }
  } catch (_error: unknown) {
    return undefined
  }
}

function isCorroborated(
  terms: SwapFeeTerms,
  params: { aggregator: Address; swap: SwappedFields; transfers: readonly TransferLog[] },
): boolean {
  const { swap } = params
  if (terms.feeBps === 0) return swap.feeAmount === 0n
  const bps = BigInt(terms.feeBps)
  const exactIn = ((swap.amountOut + swap.feeAmount) * bps) / 10_000n
  const exactOut = (swap.amountOut * 10_000n + (10_000n - bps) - 1n) / (10_000n - bps) - swap.amountOut
  if (swap.feeAmount === 0n || (swap.feeAmount !== exactIn && swap.feeAmount !== exactOut)) return false
  // a native fee leaves no log to show who was paid
  if (isAddressEqual(swap.tokenOut, zeroAddress)) return false
  return params.transfers.some(
    (t) =>
      isAddressEqual(t.token, swap.tokenOut) &&
      isAddressEqual(t.from, params.aggregator) &&
      isAddressEqual(t.to, terms.feeRecipient) &&
      t.value === swap.feeAmount,
  )
}
