/** Gas the executor gives our composer: its own work plus each swap step of the destination route. */
const COMPOSE_BASE_GAS = 300_000n
const COMPOSE_GAS_PER_STEP = 200_000n

/** The `lzCompose` gas (executor options) our StargateComposer gets for a destination swap of `steps` steps. */
export function computeComposeGas(steps: number): bigint {
  return COMPOSE_BASE_GAS + COMPOSE_GAS_PER_STEP * BigInt(steps)
}
