import { type Address, encodeAbiParameters, type Hex, keccak256 } from 'viem'

/** One step of an Aggregator split-and-merge route (`Aggregator.Step`). */
export type RouteStep = {
  kind: number
  factoryId: number
  tokenIn: Address
  tokenOut: Address
  fee: number
  share: bigint
}

/** The order a user signs as the Permit2 witness (`GaslessSettlement.GaslessOrder`). */
export type GaslessOrder = {
  user: Address
  receiver: Address
  srcToken: Address
  dstToken: Address
  amountIn: bigint
  fee: bigint
  amountOutMin: bigint
  deadline: bigint
  tradeHash: Hex
}

/** EIP-712 types of the Permit2 witness transfer that carries a `GaslessOrder`. */
export const gaslessTypes = {
  PermitWitnessTransferFrom: [
    { name: 'permitted', type: 'TokenPermissions' },
    { name: 'spender', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
    { name: 'witness', type: 'GaslessOrder' },
  ],
  TokenPermissions: [
    { name: 'token', type: 'address' },
    { name: 'amount', type: 'uint256' },
  ],
  GaslessOrder: [
    { name: 'user', type: 'address' },
    { name: 'receiver', type: 'address' },
    { name: 'srcToken', type: 'address' },
    { name: 'dstToken', type: 'address' },
    { name: 'amountIn', type: 'uint256' },
    { name: 'fee', type: 'uint256' },
    { name: 'amountOutMin', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
    { name: 'tradeHash', type: 'bytes32' },
  ],
} as const

const stepsParameter = [
  {
    type: 'tuple[]',
    components: [
      { name: 'kind', type: 'uint8' },
      { name: 'factoryId', type: 'uint16' },
      { name: 'tokenIn', type: 'address' },
      { name: 'tokenOut', type: 'address' },
      { name: 'fee', type: 'uint24' },
      { name: 'share', type: 'uint64' },
    ],
  },
] as const

/**
 * The `tradeHash` a gasless order signs: keccak256(abi.encode(steps)), as `GaslessSettlement.execute`
 * recomputes it from the route it is given, so the relayer can only run the route the user saw.
 */
export function hashRoute(steps: readonly RouteStep[]): Hex {
  return keccak256(encodeAbiParameters(stepsParameter, [steps]))
}
