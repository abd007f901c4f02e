/** A network config (NETWORK_CONFIG, its token lists) that cannot be read or is invalid; the message names each problem. */
export class NetworkConfigError extends Error {
  override name = 'NetworkConfigError' as const
}
