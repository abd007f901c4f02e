/** Gas above this share of the trade's value (percent) is warned on the card and in the review. */
export const gasShareWarnPercent = 10

/**
 * The network fee as a percent of the trade's USD value (the larger of what is paid and received, so a
 * bad rate does not inflate it), and whether it passes `gasShareWarnPercent`; undefined without prices.
 */
export function getGasShare(params: {
  gasCostUsd: number | null | undefined
  amountInUsd: number | null | undefined
  amountOutUsd: number | null | undefined
}): { percent: number; warn: boolean } | undefined {
  const { gasCostUsd } = params
  const value = Math.max(params.amountInUsd ?? 0, params.amountOutUsd ?? 0)
  if (gasCostUsd === null || gasCostUsd === undefined || !(value > 0)) return undefined
  const percent = (gasCostUsd / value) * 100
  return { percent, warn: percent > gasShareWarnPercent }
}
