import {
  type Address,
  BaseError,
  erc20Abi,
  type Hash,
  type Hex,
  HttpRequestError,
  TimeoutError,
  zeroAddress,
} from 'viem'
import { type BlockMemo, createBlockMemo } from '../chains/createBlockMemo'
import { readFromNode } from '../chains/readFromNode'
import { AppError } from '../errors'
import type { ChainMarket } from '../market/createChainMarket'
import { adjustGasForCalldata } from './adjustGasForCalldata'
import { describeRevert } from './describeRevert'
import type { SwapEstimate } from './formatSingleQuote'

/** anvil and real nodes under-estimate nested callbacks now and then; clients send estimate * 1.3. */
export const GAS_MARGIN_PERCENT = 130n

export interface EstimateSwapParams {
  sender: Address
  /** address(0) for native currency. */
  tokenIn: Address
  amountIn: bigint
  data: Hex
  value: bigint
  /** The contract called, and the spender whose allowance is checked: the Aggregator unless given. */
  to?: Address
  spender?: Address
  /**
   * The transaction's code path (`swapGasPathKey`): with a block, a transaction of the same path and sender
   * estimated at that block lends its estimate, adjusted for calldata (see `estimateSwap`).
   */
  pathKey?: string
}

/** The sender's balance of the input token and its allowance for the Aggregator (unlimited for native). */
export interface SenderFunds {
  balance: bigint
  allowance: bigint
}

/**
 * The block a quote's node reads are pinned to: its pool snapshot's, so the route, the sender's funds and the gas
 * estimate all describe one state (a `PoolSnapshot` is one).
 */
export interface ReadBlock {
  blockNumber: bigint
  blockHash: Hash
}

/** What `eth_estimateGas` of a swap came to: the gas it needs, or why it reverts. */
type GasOutcome = { gas: bigint } | { revert: string }

/** The first transaction of a code path estimated at a block, and what its estimate came to. */
interface PathEstimate {
  data: Hex
  outcome: GasOutcome
}

/** The funds and gas estimates of one chain's recent blocks, shared by the quotes that ask the same. */
export interface SwapEstimateMemo {
  funds: BlockMemo<SenderFunds>
  /** By sender, value and calldata. */
  gas: BlockMemo<GasOutcome>
  /** By sender and code path (`EstimateSwapParams.pathKey`). */
  paths: BlockMemo<PathEstimate>
}

/**
 * Reads of a block kept per key (see `createBlockMemo`): enough for every route of a few thousand distinct
 * requests a block, about 10 MB at most (calldata keys).
 */
const MEMO_KEYS_PER_BLOCK = 2_048

/** An empty `SwapEstimateMemo` (one per chain market). */
export function createSwapEstimateMemo(): SwapEstimateMemo {
  return {
    funds: createBlockMemo(MEMO_KEYS_PER_BLOCK),
    gas: createBlockMemo(MEMO_KEYS_PER_BLOCK),
    paths: createBlockMemo(MEMO_KEYS_PER_BLOCK),
  }
}

/**
 * Reads `SenderFunds` of `sender` for `tokenIn` (address(0): native) from the chain's node: at `block` when given
 * (once per block, sender and token: see `ChainMarket.swapEstimates`), else at the latest block.
 */
function readSenderFunds(
  market: ChainMarket,
  sender: Address,
  tokenIn: Address,
  spender: Address,
  block?: ReadBlock,
): Promise<SenderFunds> {
  const { client } = market
  const at = block ? { blockNumber: block.blockNumber } : {}
  const read = async () => {
    const [balance, allowance] = await readFromNode("the sender's balance and allowance", () =>
      Promise.all([
        tokenIn === zeroAddress
          ? client.getBalance({ address: sender, ...at })
          : client.readContract({
              address: tokenIn,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [sender],
              ...at,
            }),
        tokenIn === zeroAddress
          ? Promise.resolve(2n ** 256n - 1n)
          : client.readContract({
              address: tokenIn,
              abi: erc20Abi,
              functionName: 'allowance',
              args: [sender, spender],
              ...at,
            }),
      ]),
    )
    return { balance, allowance }
  }
  return block
    ? market.swapEstimates.funds.read(block.blockHash, `${sender}:${tokenIn}:${spender}`, read)
    : read()
}

/**
 * Checks the sender's balance and allowance for the input, then `eth_estimateGas` of the swap from the sender;
 * returns the estimate with a 30% safety margin, or the decoded revert reason. With `block`, every read is of
 * that block and made once per block for the same sender, token and transaction (quotes of one request, and
 * requests alike, share them); without it, of the latest block. With `block` and a `pathKey`, the node
 * estimates the first transaction of each sender and code path at that block, and the others of that path take
 * its estimate adjusted for their calldata (`adjustGasForCalldata`): they run the same code on the same state
 * with other amounts (see `swapGasPathKey`). A path whose first estimate reverted lends nothing: each of its transactions is
 * estimated. A reverting estimate is a result, not an error; a node that does not answer throws
 * `UPSTREAM_UNAVAILABLE` (503).
 */
export async function estimateSwap(
  market: ChainMarket,
  p: EstimateSwapParams,
  block?: ReadBlock,
): Promise<SwapEstimate> {
  const { client, deployment } = market
  const to = p.to ?? deployment.aggregator
  const spender = p.spender ?? deployment.aggregator
  const { balance, allowance } = await readSenderFunds(market, p.sender, p.tokenIn, spender, block)
  const insufficientFunds = balance < p.amountIn
  const insufficientAllowance = allowance < p.amountIn
  const base = {
    insufficientFunds,
    insufficientAllowance,
    allowance: allowance.toString(),
    balance: balance.toString(),
  }
  if (insufficientFunds) return { ...base, estimateGasError: 'Insufficient balance of the input token' }
  if (insufficientAllowance)
    return {
      ...base,
      estimateGasError: `Insufficient allowance: approve ${p.spender === undefined ? 'the aggregator' : p.spender} first`,
    }
  const estimate = (): Promise<GasOutcome> =>
    client
      .estimateGas({
        account: p.sender,
        to,
        data: p.data,
        value: p.value,
        ...(block ? { blockNumber: block.blockNumber } : {}),
      })
      .then(
        (gas) => ({ gas }),
        (error: unknown) => {
          if (isTransportError(error)) {
            throw new AppError('UPSTREAM_UNAVAILABLE', 'Could not estimate gas on the chain node', {
              cause: error,
            })
          }
          return { revert: describeRevert(error) }
        },
      )
  const outcome = await (block ? estimateAt(market, p, block, estimate) : estimate())
  if ('revert' in outcome) return { ...base, estimateGasError: outcome.revert }
  return { ...base, estimateGas: ((outcome.gas * GAS_MARGIN_PERCENT) / 100n).toString() }
}

/** `estimate` of `p` at `block`, once per block: by transaction, or along its code path (see `estimateSwap`). */
async function estimateAt(
  market: ChainMarket,
  p: EstimateSwapParams,
  block: ReadBlock,
  estimate: () => Promise<GasOutcome>,
): Promise<GasOutcome> {
  const { gas, paths } = market.swapEstimates
  const own = () => gas.read(block.blockHash, `${p.sender}:${p.to ?? ''}:${p.value}:${p.data}`, estimate)
  if (p.pathKey === undefined) return own()
  const first = await paths.read(block.blockHash, `${p.sender}:${p.pathKey}`, async () => ({
    data: p.data,
    outcome: await own(),
  }))
  if (first.data === p.data) return first.outcome
  if ('revert' in first.outcome) return own()
  return { gas: adjustGasForCalldata(first.outcome.gas, first.data, p.data) }
}

function isTransportError(error: unknown): boolean {
  return (
    error instanceof BaseError &&
    error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError) !== null
  )
}
