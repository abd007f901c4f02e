import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  keccak256,
  type PublicClient,
  parseAbi,
  toHex,
} from 'viem'

const multicall3Abi = parseAbi([
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'struct Result { bool success; bytes returnData; }',
  'function aggregate3(Call3[] calls) payable returns (Result[] returnData)',
])

/** Where the probe's tokens go and come back from: an address nobody holds a key to, with no state of its own. */
const probeReceiver = getAddress(keccak256(toHex('tributary.probeExactTransfer.receiver')).slice(0, 42))

/** The probe moves this fraction of the holder's balance: a swap's size, far from a balance's edge cases. */
const PROBE_SHARE = 1_000n

/**
 * Whether a transfer of `token` out of `holder` (a pool, or the V4 PoolManager) delivers exactly what was sent,
 * and the transfer back in does too: the check that the token takes no tax on the transfers a swap makes (a taxed
 * token's quotes would pay less than they say). One `eth_call` at `blockNumber`, deploying nothing: Multicall3's
 * code (read from `multicallAddress`) stands in for the holder's and the receiver's own (a state override; the
 * token's balances live in the token, so they are the real ones), and runs as the holder: transfer a thousandth
 * of its balance to the receiver, read the receiver's balance, have the receiver send it back, read the holder's.
 * False when a transfer reverts or an amount differs, or the holder holds too little to move; a node that cannot
 * answer (or lacks state overrides) throws, for the caller to map.
 */
export async function probeExactTransfer(
  client: Pick<PublicClient, 'call' | 'getCode' | 'readContract'>,
  params: { token: Address; holder: Address; blockNumber: bigint; multicallAddress: Address },
): Promise<boolean> {
  const { token, holder, blockNumber } = params
  const [code, balance] = await Promise.all([
    client.getCode({ address: params.multicallAddress, blockNumber }),
    client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [holder],
      blockNumber,
    }),
  ])
  const amount = balance / PROBE_SHARE
  if (code === undefined || code === '0x' || amount === 0n) return false
  const call = (target: Address, callData: `0x${string}`, allowFailure = true) => ({
    target,
    allowFailure,
    callData,
  })
  const transfer = (to: Address) =>
    encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
  const balanceOf = (owner: Address) =>
    encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
  const sendBack = encodeFunctionData({
    abi: multicall3Abi,
    functionName: 'aggregate3',
    args: [[call(token, transfer(holder), false)]],
  })
  const data = encodeFunctionData({
    abi: multicall3Abi,
    functionName: 'aggregate3',
    args: [
      [
        call(token, balanceOf(probeReceiver)),
        call(token, transfer(probeReceiver)),
        call(token, balanceOf(probeReceiver)),
        call(probeReceiver, sendBack),
        call(token, balanceOf(holder)),
      ],
    ],
  })
  const answer = await client.call({
    to: holder,
    data,
    blockNumber,
    stateOverride: [
      { address: holder, code },
      { address: probeReceiver, code },
    ],
  })
  if (answer.data === undefined) return false
  const results = decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data: answer.data })
  const [before, sent, after, returned, holderAfter] = results
  if (!before?.success || !sent?.success || !after?.success || !returned?.success || !holderAfter?.success) {
    return false
  }
  // a token that answers false instead of reverting refuses the transfer
  if (sent.returnData !== '0x' && BigInt(sent.returnData) !== 1n) return false
  const received = BigInt(after.returnData) - BigInt(before.returnData)
  return received === amount && BigInt(holderAfter.returnData) === balance
}
