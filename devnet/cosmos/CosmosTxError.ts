/** The root codespace's registered errors (cosmos-sdk `types/errors`), by code. */
export const SDK_ERRORS = {
  2: 'tx parse error',
  3: 'invalid sequence',
  4: 'unauthorized',
  5: 'insufficient funds',
  6: 'unknown request',
  7: 'invalid address',
  8: 'invalid pubkey',
  9: 'unknown address',
  10: 'invalid coins',
  11: 'out of gas',
  12: 'memo too large',
  13: 'insufficient fee',
  15: 'no signatures supplied',
  18: 'invalid request',
  19: 'tx already in mempool',
  21: 'tx too large',
  22: 'key not found',
  30: 'tx timeout height',
  32: 'incorrect account sequence',
  37: 'feature not supported',
} as const

export type SdkErrorCode = keyof typeof SDK_ERRORS

/**
 * A transaction or query refused the way the Cosmos SDK refuses it: a code of the `sdk` codespace and a log
 * that ends with the registered error's text (`account sequence mismatch, expected 1, got 0: incorrect
 * account sequence`), which is what clients match on.
 */
export class CosmosTxError extends Error {
  override name = 'CosmosTxError' as const
  readonly codespace = 'sdk'
  constructor(
    readonly code: SdkErrorCode,
    /** The message before the registered error's text. */
    readonly detail: string,
    /** Gas consumed before the refusal. */
    readonly gasUsed = 0n,
  ) {
    super(detail ? `${detail}: ${SDK_ERRORS[code]}` : SDK_ERRORS[code])
  }
}
