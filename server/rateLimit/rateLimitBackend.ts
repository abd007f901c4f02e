/** Counts hits per bucket and fixed window; shared by every process using the same backend. */
export interface RateLimitBackend {
  /**
   * Records `hits` (default 1) in `bucketKey`'s window starting at `windowStartMs`; resolves to the window's
   * hits so far.
   */
  hit: (bucketKey: string, windowStartMs: number, hits?: number) => Promise<number>
}
