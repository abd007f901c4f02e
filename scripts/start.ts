import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { isOutputStale } from './isOutputStale'

/*
 * `npm start` (and, with --dev, the API half of `npm run dev`):
 * 1. compile the contracts when contracts/src is newer than contracts/artifacts/index.ts;
 * 2. build the web app when dist/ is missing or older than its sources (skipped with --dev: Vite serves it);
 * 3. start the server on NETWORK_CONFIG's chains, or on the embedded devnet without it, and print one "Ready" line;
 * 4. on SIGINT/SIGTERM close the server and stop the devnet; on a crash stop the devnet and exit 1.
 * The server modules are imported only after step 1, because some of them import the artifacts.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name)
const at = (...parts: string[]) => path.join(root, ...parts)

function run(command: string, args: string[], label: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' })
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      if (code === 0) resolve()
      else reject(new Error(`${label} failed (${signal ?? `exit code ${code}`})`))
    })
  })
}

async function buildIfStale(params: {
  output: string
  sources: string[]
  label: string
  command: string
  args: string[]
}) {
  if (!(await isOutputStale({ output: params.output, sources: params.sources }))) return
  const started = performance.now()
  console.log(`${params.label}: building (output missing or older than sources)...`)
  await run(params.command, params.args, params.label)
  console.log(`${params.label}: built in ${((performance.now() - started) / 1000).toFixed(1)}s`)
}

async function main() {
  const dev = process.argv.includes('--dev')
  await buildIfStale({
    label: 'contracts',
    output: at('contracts', 'artifacts', 'index.ts'),
    sources: [at('contracts', 'src')],
    command: bin('tsx'),
    args: [at('contracts', 'scripts', 'compile.ts')],
  })
  if (!dev) {
    await buildIfStale({
      label: 'web app',
      output: at('dist', 'index.html'),
      sources: [at('web'), at('public'), at('index.html'), at('vite.config.ts')],
      command: bin('vite'),
      args: ['build'],
    })
    await buildIfStale({
      label: 'widget embed script',
      output: at('dist', 'widget.js'),
      sources: [at('web', 'embed'), at('web', 'features', 'widget'), at('vite.embed.config.ts')],
      command: bin('vite'),
      args: ['build', '-c', 'vite.embed.config.ts'],
    })
  }

  const { loadConfig } = await import('../server/config')
  const { startServer } = await import('../server/index')
  const { startDevnetProfile } = await import('../devnet/startDevnetProfile')
  // without NETWORK_CONFIG the server serves the embedded devnet
  let devnet: Awaited<ReturnType<typeof startDevnetProfile>> | undefined
  const server = await startServer({
    env: process.env,
    ...(loadConfig(process.env).networkConfigPath === undefined
      ? { network: async (context) => (devnet = await startDevnetProfile(context)) }
      : {}),
  })
  const { logger } = server
  const count = server.network.deployments.length
  const chains = `${server.network.kind}: ${count} chain${count === 1 ? '' : 's'}`
  console.log(`Ready: ${server.url} (${chains}) in ${(performance.now() / 1000).toFixed(1)}s`)
  const widgetDemoUrl = devnet?.widgetDemoUrl()
  if (widgetDemoUrl !== undefined)
    console.log(`Widget demo (a host page on another origin): ${widgetDemoUrl}`)

  let stopping = false
  const shutdown = async (reason: string, exitCode: number) => {
    if (stopping) {
      process.exit(exitCode || 1)
    }
    stopping = true
    logger.info('shutting down', { reason })
    const forceExit = setTimeout(() => process.exit(exitCode || 1), 10_000)
    forceExit.unref()
    try {
      await server.close()
    } catch (error: unknown) {
      logger.error('shutdown failed', { err: error })
      exitCode = 1
    }
    process.exit(exitCode)
  }
  process.on('SIGINT', () => void shutdown('SIGINT', 0))
  process.on('SIGTERM', () => void shutdown('SIGTERM', 0))
  process.on('uncaughtException', (error) => {
    logger.error('uncaught exception', { err: error })
    void shutdown('uncaughtException', 1)
  })
  process.on('unhandledRejection', (reason) => {
    logger.error('unhandled rejection', { err: reason })
    void shutdown('unhandledRejection', 1)
  })
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `${error.name}: ${error.message}` : error)
  if (error instanceof Error && error.cause !== undefined) {
    console.error('cause:', error.cause instanceof Error ? error.cause.message : error.cause)
  }
  process.exit(1)
})
