/**
 * The bounds on importing tokens by address (`createTokenAdopter`), documented in docs/operating.md.
 *
 * `minHubLiquidityUsd`: a token is adopted only with a pool whose hub side (the listed stable, major or wrapped
 * native token it trades against) is worth at least this at the server's USD prices, and only such pools are
 * followed: a pool anyone can fill with a few dollars would make any contract quotable and cost every snapshot its
 * reads. $1,000 is what Uniswap's interface asks of a pool before it routes through it by default.
 *
 * `maxTokensPerChain`: past this many imported tokens a chain imports no more (each follows its pools every
 * block, and importing costs node reads to whoever asks): the operator lists the ones that matter instead.
 */
export const adoptionLimits = {
  minHubLiquidityUsd: 1_000,
  maxTokensPerChain: 200,
} as const
