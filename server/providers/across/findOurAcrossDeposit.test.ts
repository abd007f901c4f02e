import {
  type Address,
  encodeAbiParameters,
  encodeEventTopics,
  type Hex,
  padHex,
  parseAbiParameters,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { acrossEntryAbi } from '../../../contracts/artifacts'
import { acrossSpokePoolAbi } from './acrossSpokePoolAbi'
import { findOurAcrossDeposit } from './findOurAcrossDeposit'

const ENTRY = '0x00000000000000000000000000000000000000e7'
const SPOKE = '0x0000000000000000000000000000000000000005'
const OTHER = '0x0000000000000000000000000000000000000077'
const ALICE = '0x00000000000000000000000000000000000a11ce'
const USDC = '0x00000000000000000000000000000000000000c1'
const word = (address: Address) => padHex(address, { size: 32 })

const entryDeposited = (address: Address, depositId: bigint) => ({
  address,
  topics: encodeEventTopics({
    abi: acrossEntryAbi,
    eventName: 'AcrossSwapDeposited',
    args: { sender: ALICE, depositId, destinationChainId: 56n },
  }) as [Hex, ...Hex[]],
  data: encodeAbiParameters(
    parseAbiParameters('address, address, uint256, address, uint256, uint256, address, uint256'),
    [ALICE, USDC, 1_000_000n, USDC, 1_000_000n, 999_600n, USDC, 0n],
  ),
})

const fundsDeposited = (address: Address, depositId: bigint, inputAmount: bigint) => ({
  address,
  topics: encodeEventTopics({
    abi: acrossSpokePoolAbi,
    eventName: 'FundsDeposited',
    args: { destinationChainId: 56n, depositId, depositor: word(ALICE) },
  }) as [Hex, ...Hex[]],
  data: encodeAbiParameters(
    parseAbiParameters('bytes32, bytes32, uint256, uint256, uint32, uint32, uint32, bytes32, bytes32, bytes'),
    [
      word(USDC),
      word(USDC),
      inputAmount,
      999_600n,
      1_700_000_000,
      1_700_001_800,
      0,
      word(ALICE),
      padHex('0x'),
      '0x',
    ],
  ),
})

describe('findOurAcrossDeposit', () => {
  const find = (logs: Parameters<typeof findOurAcrossDeposit>[0]) =>
    findOurAcrossDeposit(logs, { entry: ENTRY, spokePool: SPOKE })

  it("is the SpokePool deposit whose id our entry's event names", () => {
    const deposit = find([
      { address: SPOKE, topics: [], data: '0x' },
      fundsDeposited(SPOKE, 6n, 1n),
      fundsDeposited(SPOKE, 7n, 1_000_000n),
      entryDeposited(ENTRY, 7n),
    ])
    expect(deposit?.depositId).toBe(7n)
    expect(deposit?.inputAmount).toBe(1_000_000n)
    expect(deposit?.destinationChainId).toBe(56n)
    expect(deposit?.depositor).toBe(word(ALICE))
  })

  it('is undefined for a deposit made around our entry', () => {
    expect(find([fundsDeposited(SPOKE, 7n, 1_000_000n)])).toBeUndefined()
    // the entry's event from another contract, or the deposit from another SpokePool
    expect(find([entryDeposited(OTHER, 7n), fundsDeposited(SPOKE, 7n, 1_000_000n)])).toBeUndefined()
    expect(find([entryDeposited(ENTRY, 7n), fundsDeposited(OTHER, 7n, 1_000_000n)])).toBeUndefined()
    expect(find([entryDeposited(ENTRY, 8n), fundsDeposited(SPOKE, 7n, 1_000_000n)])).toBeUndefined()
  })
})
