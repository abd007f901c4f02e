/**
 * Thrown by the pool math where the on-chain code would revert (overflow, price out of range,
 * insufficient reserves). The router treats it as "this hop cannot execute" and never shows it to users.
 */
export class SwapRevertError extends Error {
  override name = 'SwapRevertError' as const
  readonly reason: string

  constructor(reason: string) {
    super(`swap math reverts: ${reason}`)
    this.reason = reason
  }
}
