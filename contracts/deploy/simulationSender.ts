import { type Address, getAddress, keccak256, slice, toHex } from 'viem'

/**
 * The sender of creation simulations (`eth_call`, and a dry run's `eth_estimateGas`): an address no one holds the
 * key of, whose creations land at addresses nobody uses. Not the deployer, whose next creation address a dry run
 * fills with the code of the contract it would deploy there (the simulation would collide with it). Our
 * constructors do not read `msg.sender`.
 */
export const simulationSender: Address = getAddress(
  slice(keccak256(toHex('tributary deploy simulation')), 12),
)
