import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadConfig } from '../server/config'
import { apiPathPrefixes } from '../server/middleware/apiPaths'

/*
 * `npm run dev`: the API server under `tsx watch` (restarts on server changes; the devnet comes back
 * from its snapshot in seconds) plus the Vite dev server with hot reload, proxying every API path to
 * the API server on PORT. Open the URL Vite prints (http://localhost:5173).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

async function main() {
  const config = loadConfig(process.env)
  const api = spawn(
    path.join(root, 'node_modules', '.bin', 'tsx'),
    [
      'watch',
      '--clear-screen=false',
      '--include',
      'contracts/artifacts/**',
      path.join(root, 'scripts', 'start.ts'),
      '--dev',
    ],
    { cwd: root, stdio: 'inherit', env: process.env },
  )

  const { createServer } = await import('vite')
  const target = `http://127.0.0.1:${config.port}`
  const vite = await createServer({
    configFile: path.join(root, 'vite.config.ts'),
    server: {
      proxy: Object.fromEntries(apiPathPrefixes.map((prefix) => [prefix, { target, ws: prefix === '/rpc' }])),
    },
  })
  await vite.listen()
  vite.printUrls()
  console.log(`API: ${target} (proxied by Vite: ${apiPathPrefixes.join(' ')})`)

  let stopping = false
  const stop = async (exitCode: number) => {
    if (stopping) return
    stopping = true
    const apiExited = new Promise<void>((resolve) => {
      if (api.exitCode !== null || api.signalCode !== null) resolve()
      else api.once('exit', () => resolve())
    })
    api.kill('SIGTERM')
    await Promise.all([vite.close(), apiExited])
    process.exit(exitCode)
  }
  api.once('exit', (code) => void stop(code ?? 1))
  process.on('SIGINT', () => void stop(0))
  process.on('SIGTERM', () => void stop(0))
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `${error.name}: ${error.message}` : error)
  process.exit(1)
})
