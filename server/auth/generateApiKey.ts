import { createHash, randomBytes } from 'node:crypto'

export const apiKeyPrefix = 'sk_live_'
/** `sk_live_` + 32 random bytes in base64url (43 characters, no padding). */
export const apiKeyPattern = /^sk_live_[A-Za-z0-9_-]{43}$/
/** Characters of the key kept in the database to identify it: `sk_live_` + 8. */
export const apiKeyDisplayLength = apiKeyPrefix.length + 8

export type GeneratedApiKey = { key: string; keyHash: string; prefix: string }

/** A fresh random API key with its sha256 hash (what is stored) and its display prefix. */
export function generateApiKey(): GeneratedApiKey {
  const key = apiKeyPrefix + randomBytes(32).toString('base64url')
  return { key, keyHash: hashApiKey(key), prefix: key.slice(0, apiKeyDisplayLength) }
}

/** sha256 of the key's UTF-8 bytes, lowercase hex: the only form in which a key is stored. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex')
}
