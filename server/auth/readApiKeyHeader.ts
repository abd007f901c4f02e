/**
 * The API key a request carries in its headers, from `Authorization: Bearer <key>`, `x-api-key: <key>`
 * or `x-api-key: Bearer <key>` (the first present, in that order), or undefined when none is sent.
 * An empty or non-Bearer Authorization header counts as absent, and so does a key that is empty or the literal
 * `undefined` or `null` (what clients send when no key is configured); any other x-api-key value is returned as
 * sent (trimmed), so a wrong value fails verification instead of being ignored.
 */
export function readApiKeyHeader(headers: {
  get: (name: string) => string | null | undefined
}): string | undefined {
  const authorization = headers.get('authorization')?.trim()
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization)
    if (match?.[1] !== undefined && !isPlaceholder(match[1])) return match[1]
  }
  const apiKey = headers.get('x-api-key')?.trim()
  if (apiKey === undefined) return undefined
  const bearer = /^Bearer(?:\s+(.*))?$/i.exec(apiKey)
  const key = bearer ? (bearer[1] ?? '').trim() : apiKey
  return isPlaceholder(key) ? undefined : key
}

/** What clients without a configured key send in its place: nothing, or a stringified `undefined`/`null`. */
function isPlaceholder(key: string): boolean {
  return key === '' || key === 'undefined' || key === 'null'
}
