/**
 * The body of a worker entry module: parses the parameters the supervisor passed as JSON in argv, runs
 * `main`, reports what it returns as ready over IPC, and on SIGTERM/SIGINT (or the supervisor going away)
 * runs the returned `stop` and exits. A failing start exits 1, so the supervisor starts it again.
 */
export function runWorker<Ready>(
  name: string,
  main: (params: unknown) => Promise<{ ready: Ready; stop(): Promise<void> }>,
): void {
  const send = process.send?.bind(process)
  let parsed: unknown
  try {
    parsed = JSON.parse(process.argv[2] ?? 'null')
  } catch (error: unknown) {
    console.error(`${name}: bad parameters (${String(error)})`)
    process.exit(1)
  }
  main(parsed)
    .then(({ ready, stop }) => {
      let stopping = false
      const shutdown = () => {
        if (stopping) return
        stopping = true
        stop()
          .catch((error: unknown) => console.error(`${name}: stopping failed (${String(error)})`))
          .finally(() => process.exit(0))
      }
      process.once('SIGTERM', shutdown)
      process.once('SIGINT', shutdown)
      process.once('disconnect', shutdown)
      send?.({ type: 'ready', ready })
    })
    .catch((error: unknown) => {
      console.error(
        `${name}: failed to start (${error instanceof Error ? (error.stack ?? error.message) : String(error)})`,
      )
      process.exit(1)
    })
}
