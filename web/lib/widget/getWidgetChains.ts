import type { WidgetConfig, WidgetFlow } from './widgetConfig'

interface ChainLike {
  chainId: number
  flows: { singleChain: boolean; crossChain: boolean; utxo: boolean }
}

/**
 * The chains the widget offers: those the configuration allows (`chains`, all when unset) on which at least one
 * flow is both advertised by the server and allowed by the configuration (`flows`, all when unset), in the
 * server's order. A flow the server does not advertise is never offered, whatever the configuration says.
 */
export function getWidgetChains<C extends ChainLike>(params: {
  chains: readonly C[]
  config: Pick<WidgetConfig, 'chains' | 'flows'>
}): C[] {
  const { chains, config } = params
  const flows: readonly WidgetFlow[] = config.flows ?? ['singleChain', 'crossChain', 'utxo']
  return chains.filter(
    (chain) =>
      (config.chains === undefined || config.chains.includes(chain.chainId)) &&
      flows.some((flow) => chain.flows[flow]),
  )
}

/** True when the configuration allows `flow` (every flow when `flows` is unset). */
export function isWidgetFlowAllowed(
  config: Pick<WidgetConfig, 'flows'> | undefined,
  flow: WidgetFlow,
): boolean {
  return config?.flows === undefined || config.flows.includes(flow)
}
