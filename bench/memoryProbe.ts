/*
 * Loaded into the benchmarked server with `--import` by bench/quote.ts: on SIGUSR2 the server prints its memory
 * (`process.memoryUsage()`) as one `BENCH_MEMORY {json}` line on stdout. Not part of the server.
 */

process.on('SIGUSR2', () => {
  const { heapUsed, rss } = process.memoryUsage()
  process.stdout.write(`BENCH_MEMORY ${JSON.stringify({ heapUsed, rss })}\n`)
})
