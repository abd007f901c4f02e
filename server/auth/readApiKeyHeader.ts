/**
 * The API key a request carries in its headers, from `Authorization: Bearer <key>`, `x-api-key: <key>`
 * or `x-api-key: Bearer <key>` (the first present, in that order), or undefined when none is sent.
 * An empty or non-Bearer Authorization header counts as absent; an x-api-key header is returned
 * as sent (trimmed), so a wrong value fails verification instead of being ignored.
 */
export function readApiKeyHeader(headers: {
  get: (name: string) => string | null | undefined
}): string | undefined {
  const authorization = headers.get('authorization')?.trim()
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization)
    if (match?.[1] !== undefined) return match[1]
  }
  const apiKey = headers.get('x-api-key')?.trim()
  if (apiKey === undefined || apiKey === '') return undefined
  const bearer = /^Bearer\s+(\S+)$/i.exec(apiKey)
  return bearer?.[1] ?? apiKey
}
