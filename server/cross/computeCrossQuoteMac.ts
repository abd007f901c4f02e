import { createHmac } from 'node:crypto'

/** Versioned, so a tag of another kind made under the same secret never verifies as a quote's MAC. */
const domain = 'dex-aggregator/cross-quote/v1'

/** A JSON value as it comes back in a posted body. */
type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json }

/**
 * JSON with every object's keys sorted (arrays keep their order): the same bytes whatever order a client's
 * JSON library writes the keys in. `undefined` members are left out, as `JSON.stringify` does.
 */
function canonicalJson(value: Json | undefined): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const members = Object.keys(value)
      .filter((key) => (value as Record<string, Json | undefined>)[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, Json>)[key])}`)
    return `{${members.join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

/**
 * The MAC `quote/cross` puts into a quote's `transactionData.mac`: HMAC-SHA256 under `secret` (the server's
 * attribution-tag secret, domain-separated) over a versioned domain string, the integrator the quote was
 * issued to (`integratorId`, the empty string without an API key) and the canonical JSON of `transactionData`
 * without its `mac`. `POST swap/cross` recomputes it, so every field of an issued quote (min-outs, fees, fee
 * recipient, LayerZero options, the network's memo...) comes back as issued, to the same integrator. Pure;
 * 64 lower-case hex characters.
 */
export function computeCrossQuoteMac(params: {
  secret: Uint8Array
  integratorId: string
  transactionData: Readonly<Record<string, unknown>>
}): string {
  const { mac: _mac, ...data } = params.transactionData
  return createHmac('sha256', params.secret)
    .update(`${domain}\n${params.integratorId.toLowerCase()}\n${canonicalJson(data as Json)}`)
    .digest('hex')
}
