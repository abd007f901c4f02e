import { createRequire } from 'node:module'
import { type Abi, type Address, type Hex, isHex } from 'viem'
import { deployBytecode } from '../deploy/deployBytecode'
import type { DevClient } from '../deploy/devClient'

/** The parts of EndpointV2 the composer tests call (the npm artifact's ABI, narrowed for viem's types). */
export const endpointV2Abi = [
  {
    type: 'function',
    name: 'sendCompose',
    stateMutability: 'nonpayable',
    inputs: [
      { name: '_to', type: 'address' },
      { name: '_guid', type: 'bytes32' },
      { name: '_index', type: 'uint16' },
      { name: '_message', type: 'bytes' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'lzCompose',
    stateMutability: 'payable',
    inputs: [
      { name: '_from', type: 'address' },
      { name: '_to', type: 'address' },
      { name: '_guid', type: 'bytes32' },
      { name: '_index', type: 'uint16' },
      { name: '_message', type: 'bytes' },
      { name: '_extraData', type: 'bytes' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'composeQueue',
    stateMutability: 'view',
    inputs: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'guid', type: 'bytes32' },
      { name: 'index', type: 'uint16' },
    ],
    outputs: [{ name: 'messageHash', type: 'bytes32' }],
  },
  { type: 'error', name: 'LZ_ComposeNotFound', inputs: [{ type: 'bytes32' }, { type: 'bytes32' }] },
  { type: 'error', name: 'LZ_ComposeExists', inputs: [] },
] as const

/**
 * Deploys LayerZero's EndpointV2 from the npm artifact of @layerzerolabs/lz-evm-protocol-v2 (never
 * recompiled) with endpoint id `eid`, owned by the client's account. Test-only: the devnet's own
 * LayerZero deployment lives elsewhere.
 */
export async function deployEndpointV2(client: DevClient, { eid }: { eid: number }): Promise<Address> {
  const require = createRequire(import.meta.url)
  const artifact =
    require('@layerzerolabs/lz-evm-protocol-v2/artifacts/contracts/EndpointV2.sol/EndpointV2.json') as {
      abi: Abi
      bytecode: string
    }
  const bytecode: Hex | undefined = isHex(artifact.bytecode) ? artifact.bytecode : undefined
  if (!bytecode) throw new Error('EndpointV2 artifact has no bytecode')
  return deployBytecode(client, { abi: artifact.abi, bytecode, args: [eid, client.account.address] })
}
