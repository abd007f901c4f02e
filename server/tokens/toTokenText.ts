import { hexToBytes } from 'viem'

/**
 * A token's symbol or name as shown: a string answer as it is, or a bytes32 one (early tokens such as MKR
 * declare `bytes32 symbol`) read up to its first zero byte as UTF-8; control characters dropped, surrounding
 * space trimmed, cut to `maxLength` characters. Pure.
 */
export function toTokenText(value: string, maxLength: number): string {
  const text = /^0x[0-9a-fA-F]{64}$/.test(value) ? bytes32ToText(value as `0x${string}`) : value
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return [...text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim()].slice(0, maxLength).join('')
}

function bytes32ToText(value: `0x${string}`): string {
  const bytes = hexToBytes(value)
  const end = bytes.indexOf(0)
  return new TextDecoder().decode(end === -1 ? bytes : bytes.slice(0, end))
}
