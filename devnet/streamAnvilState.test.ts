import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { gunzippedIfGzip, hexResultBytes } from './streamAnvilState'

/** `text` as the chunks of an answer, cut at `cuts` (byte offsets). */
async function* chunksOf(text: string, cuts: readonly number[]): AsyncGenerator<Uint8Array> {
  let from = 0
  for (const cut of [...cuts, text.length]) {
    yield Buffer.from(text.slice(from, cut), 'latin1')
    from = cut
  }
}

async function collect(bytes: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = []
  for await (const part of bytes) parts.push(part)
  return Buffer.concat(parts)
}

const answer = (hex: string) => `{"jsonrpc":"2.0","id":1,"result":"0x${hex}"}`

describe('hexResultBytes', () => {
  it('decodes the result whatever the chunks: within the mark, within a digit pair, at the closing quote', async () => {
    const text = answer('00ff10abcdef')
    const whole = await collect(hexResultBytes(chunksOf(text, [])))
    expect(whole.toString('hex')).toBe('00ff10abcdef')
    // every way of cutting the answer in three
    for (let a = 1; a < text.length; a++)
      for (let b = a + 1; b < text.length; b += 3) {
        const bytes = await collect(hexResultBytes(chunksOf(text, [a, b])))
        expect(bytes.toString('hex')).toBe('00ff10abcdef')
      }
  })

  it("throws the answer's error, and on an answer cut short", async () => {
    const error = '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no such method"}}'
    await expect(collect(hexResultBytes(chunksOf(error, [10])))).rejects.toThrow(
      '{"code":-32601,"message":"no such method"}',
    )
    await expect(
      collect(hexResultBytes(chunksOf('{"jsonrpc":"2.0","id":1,"result":"0xab', []))),
    ).rejects.toThrow('ended inside its hex result')
    await expect(collect(hexResultBytes(chunksOf(answer('abc'), [])))).rejects.toThrow('odd number of digits')
  })
})

describe('gunzippedIfGzip', () => {
  const json = JSON.stringify({ block: { number: '0x10' }, accounts: { a: 'b'.repeat(5000) } })

  it('ungzips a gzipped stream, even when its magic is cut between chunks', async () => {
    const gz = gzipSync(json).toString('hex')
    // the answer's hex starts at 36: 38 cuts between the magic's two bytes, 37 and 39 within them
    for (const cuts of [[], [38], [37, 39, 60]]) {
      const bytes = await collect(gunzippedIfGzip(hexResultBytes(chunksOf(answer(gz), cuts))))
      expect(bytes.toString('utf8')).toBe(json)
    }
  })

  it('rejects, not hangs, when the answer breaks off inside gzipped bytes', async () => {
    const gz = gzipSync(json).toString('hex')
    const cut = answer(gz).slice(0, 36 + gz.length / 2)
    await expect(collect(gunzippedIfGzip(hexResultBytes(chunksOf(cut, [60]))))).rejects.toThrow(
      'ended inside its hex result',
    )
  })

  it('passes other bytes through', async () => {
    const hex = Buffer.from(json).toString('hex')
    const bytes = await collect(gunzippedIfGzip(hexResultBytes(chunksOf(answer(hex), [40, 41]))))
    expect(bytes.toString('utf8')).toBe(json)
  })
})
