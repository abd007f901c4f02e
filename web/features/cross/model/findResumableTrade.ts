/**
 * The trade of this pair the card follows instead of the form: the one it follows already (`resumed`), else a
 * cross-chain record still pending from `chainId` to `toChainId` (sent before a reload) that was not dismissed.
 */
export function findResumableTrade<
  R extends { hash: string; kind?: string; status: string; chainId: number; toChainId?: number },
>(params: {
  records: readonly R[]
  resumed: string | undefined
  dismissed: string | undefined
  chainId: number
  toChainId: number
}): R | undefined {
  const { records, resumed } = params
  return (
    (resumed === undefined ? undefined : records.find((r) => r.hash === resumed)) ??
    records.find(
      (r) =>
        r.kind === 'cross' &&
        r.status === 'pending' &&
        r.chainId === params.chainId &&
        r.toChainId === params.toChainId &&
        r.hash !== params.dismissed,
    )
  )
}
