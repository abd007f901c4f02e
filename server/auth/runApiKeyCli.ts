import { loadConfig } from '../config'
import { createStore } from '../store/createStore'
import { DataDirLockedError } from '../store/lockDataDir'
import { apiKeyUsage, type CommandOutput, runApiKeyCommand } from './runApiKeyCommand'
import { sendApiKeyAdminCommand } from './sendApiKeyAdminCommand'
import { getApiKeyAdminSocketPath } from './serveApiKeyAdmin'

/**
 * The `apikey` CLI: parses `argv` (without node and script) and runs the command (see
 * `runApiKeyCommand`) on the database configured by `env` (DATA_DIR / DATABASE_URL through
 * loadConfig), writing to `out`. With PostgreSQL it writes directly. On the embedded database it first
 * asks a running server through its admin socket (`<DATA_DIR>/admin/apikey.sock`), so the server's own
 * connection makes the change and no key is lost; with no server running it opens the directory
 * itself under its lock, and refuses with a message naming the process when another one holds it.
 * Returns the process exit code (0 ok, 1 failure, 2 usage error).
 */
export async function runApiKeyCli(
  argv: string[],
  env: Record<string, string | undefined>,
  out: CommandOutput = console,
): Promise<number> {
  const wantsHelp = argv.includes('--help') || argv.includes('-h')
  if (wantsHelp || argv.filter((arg) => !arg.startsWith('-')).length === 0) {
    out.log(apiKeyUsage)
    return wantsHelp ? 0 : 2
  }
  const config = loadConfig(env)
  if (config.databaseUrl === undefined) {
    const answer = await sendApiKeyAdminCommand({
      socketPath: getApiKeyAdminSocketPath(config.dataDir),
      argv,
    })
    if (answer !== undefined) {
      for (const line of answer.lines) (line.stream === 'out' ? out.log : out.error)(line.text)
      return answer.code
    }
  }
  let store: Awaited<ReturnType<typeof createStore>>
  try {
    store = await createStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  } catch (error: unknown) {
    if (!(error instanceof DataDirLockedError)) throw error
    out.error(
      `${error.message}\nThat process does not answer on its admin socket, so the key was not created; ` +
        'if it is a server, restart it (it serves apikey commands once started) or stop it first.',
    )
    return 1
  }
  try {
    return await runApiKeyCommand(store, argv, out)
  } finally {
    await store.close()
  }
}
