import type { fetchSingleQuotes } from './api/fetchSingleQuotes'
import type { fetchSwapTransaction } from './api/fetchSwapTransaction'

/** One route of `GET quote/single`, typed from the server's route definition. */
export type SingleQuote = Awaited<ReturnType<typeof fetchSingleQuotes>>[number]

/** A token as a quote describes it (`tokenFrom` / `tokenTo`). */
export type QuoteToken = SingleQuote['tokenFrom']

/** One exchange's share of a route (`protocol[]`). */
export type QuoteProtocol = SingleQuote['protocol'][number]

/** Answer of `POST swap/single`, typed from the server's route definition. */
export type SwapTransaction = Awaited<ReturnType<typeof fetchSwapTransaction>>

/** Which amount the user typed: the input (exact in) or the output (exact out). */
export type SwapSide = 'in' | 'out'
