/**
 * The text of an OP_RETURN output (`6a` + one push of at most 80 bytes: a direct length, OP_PUSHDATA1 or
 * OP_PUSHDATA2), decoded as UTF-8; undefined for any other script. The devnet network's observer and the server's
 * mempool watcher read a deposit's memo with it, so both see the same memo. Pure.
 */
export function decodeOpReturnMemo(scriptHex: string): string | undefined {
  const hex = scriptHex.toLowerCase()
  if (!hex.startsWith('6a') || hex.length < 4) return undefined
  const op = Number.parseInt(hex.slice(2, 4), 16)
  let start = 4
  let length = op
  if (op === 0x4c) {
    length = Number.parseInt(hex.slice(4, 6), 16)
    start = 6
  } else if (op === 0x4d) {
    length = Number.parseInt(hex.slice(6, 8) + hex.slice(4, 6), 16)
    start = 8
  } else if (op > 0x4b) return undefined
  const data = hex.slice(start)
  if (data.length !== length * 2 || length > 80) return undefined
  return Buffer.from(data, 'hex').toString('utf8')
}
