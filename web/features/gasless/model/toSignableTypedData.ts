import { isAddress, type TypedDataDomain, type TypedDataParameter } from 'viem'

type JsonTypes = Record<string, readonly { name: string; type: string }[]>

/** The EIP-712 document as wallets sign it: integer fields as bigint, the domain type left to the signer. */
export interface SignableTypedData {
  domain: TypedDataDomain
  types: Record<string, readonly TypedDataParameter[]>
  primaryType: string
  message: Record<string, unknown>
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function convert(value: unknown, type: string, types: JsonTypes): unknown {
  if (type.endsWith('[]')) {
    const inner = type.slice(0, type.lastIndexOf('['))
    if (!Array.isArray(value)) throw new TypeError(`expected an array for ${type}`)
    return value.map((item) => convert(item, inner, types))
  }
  if (/^u?int\d*$/.test(type)) {
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new TypeError(`expected an integer for ${type}`)
    return BigInt(value)
  }
  const fields = types[type]
  if (fields === undefined) return value
  if (!isRecord(value)) throw new TypeError(`expected a ${type} object`)
  return Object.fromEntries(
    fields.map((field) => [field.name, convert(value[field.name], field.type, types)]),
  )
}

/**
 * Turns the server's JSON typed data (integers as decimal strings, `EIP712Domain` listed among the types) into
 * what viem and wagmi's `signTypedData` take: every `uint`/`int` field of the message, at any depth, as a
 * bigint, and the types without `EIP712Domain` (the signer derives it from the domain). Throws `TypeError`
 * when the message does not have the shape its types describe.
 */
export function toSignableTypedData(typed: {
  domain: { name: string; chainId: number; verifyingContract: string; version?: string }
  types: JsonTypes
  primaryType: string
  message: Record<string, unknown>
}): SignableTypedData {
  const { EIP712Domain: _domainType, ...types } = typed.types
  const message = convert(typed.message, typed.primaryType, types)
  if (!isRecord(message)) throw new TypeError(`${typed.primaryType} is not among the types`)
  const { verifyingContract } = typed.domain
  if (!isAddress(verifyingContract, { strict: false }))
    throw new TypeError('verifyingContract is not an address')
  return {
    domain: { ...typed.domain, verifyingContract },
    types,
    primaryType: typed.primaryType,
    message,
  }
}
