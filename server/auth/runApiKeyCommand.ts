import { parseArgs } from 'node:util'
import { listApiKeys, revokeApiKeys } from '../store/apiKeys'
import type { Store } from '../store/createStore'
import { createApiKey } from './createApiKey'

export type CommandOutput = { log: (line: string) => void; error: (line: string) => void }

export const apiKeyUsage = `Usage:
  npm run apikey -- create --company "Acme"   create a key (and the company if new); prints the key once
  npm run apikey -- list                      list keys (prefix, company, integrator id, state)
  npm run apikey -- revoke <prefix|id>        revoke a key (takes effect within a few seconds)
Uses DATA_DIR / DATABASE_URL like the server. While a server runs on the embedded database (DATA_DIR),
the command is carried out by that server through its admin socket.`

/**
 * Runs one `apikey` command (`create`, `list`, `revoke`; `argv` without node and script) against
 * `store`, writing its lines to `out`. Used by the CLI on a store it opened and by a running server
 * for commands that arrive on its admin socket. Returns the exit code (0 ok, 1 failure, 2 usage error).
 */
export async function runApiKeyCommand(
  store: Store,
  argv: readonly string[],
  out: CommandOutput,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: { company: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
    strict: false,
  })
  const [command, target] = positionals
  const company = typeof values.company === 'string' ? values.company : undefined
  switch (command) {
    case 'create': {
      const name = company?.trim()
      if (name === undefined || name === '') {
        out.error('create needs --company "<name>"')
        return 2
      }
      const created = await createApiKey(store, { companyName: name })
      out.log(`API key (shown once, store it now): ${created.key}`)
      out.log(`id:            ${created.apiKey.id}`)
      out.log(`prefix:        ${created.apiKey.prefix}`)
      out.log(`company:       ${created.company.name}`)
      out.log(`integrator id: ${created.company.integratorId}`)
      return 0
    }
    case 'list': {
      const keys = await listApiKeys(store.db)
      if (keys.length === 0) out.log('no API keys')
      for (const { key, company: owner } of keys) {
        const state = key.revokedAt === null ? 'active' : `revoked ${key.revokedAt.toISOString()}`
        out.log(`${key.prefix}  ${key.id}  ${owner.name}  ${owner.integratorId}  ${state}`)
      }
      return 0
    }
    case 'revoke': {
      if (target === undefined) {
        out.error('revoke needs <prefix|id>')
        return 2
      }
      const revoked = await revokeApiKeys(store.db, target)
      if (revoked.length === 0) {
        out.error(`no active key matches ${target}`)
        return 1
      }
      for (const key of revoked) out.log(`revoked ${key.prefix} (${key.id})`)
      return 0
    }
    default:
      out.error(`unknown command ${command ?? ''}\n${apiKeyUsage}`)
      return 2
  }
}
