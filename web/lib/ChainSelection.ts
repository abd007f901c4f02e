/**
 * The chains a trade spans: where the input is paid (`source`) and where the output arrives (`destination`).
 * A single-chain swap has both equal.
 */
export interface ChainSelection {
  sourceChainId: number
  destinationChainId: number
}
