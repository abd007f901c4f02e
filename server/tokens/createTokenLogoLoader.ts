import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { buildTokenLogoSvg } from './buildTokenLogoSvg'
import type { TokenRecord } from './buildTokenRecord'

/** A logo ready to send: its bytes, MIME type and strong ETag. */
export interface TokenLogo {
  body: Uint8Array<ArrayBuffer>
  contentType: string
  /** Quoted strong ETag: a hash of the bytes. */
  etag: string
  source: 'file' | 'generated'
}

export type TokenLogoLoader = (
  token: Pick<TokenRecord, 'chainId' | 'address' | 'symbol'>,
) => Promise<TokenLogo>

const safeSymbol = /^[A-Za-z0-9.+-]{1,32}$/

/**
 * Returns a loader of token logos: the file `<publicDir>/tokens/<SYMBOL>.svg` when it exists (the
 * symbol as listed, then upper-cased; symbols with characters outside `[A-Za-z0-9.+-]` never touch the
 * file system), otherwise the generated SVG of `buildTokenLogoSvg`. Results are kept per chain and
 * address for the life of the loader (logo files ship with the build). Never throws for a missing
 * or unreadable file.
 */
export function createTokenLogoLoader({ publicDir }: { publicDir: string }): TokenLogoLoader {
  const tokensDir = path.join(publicDir, 'tokens')
  const cache = new Map<string, Promise<TokenLogo>>()

  const load = async (token: Pick<TokenRecord, 'address' | 'symbol'>): Promise<TokenLogo> => {
    const symbol = token.symbol.trim()
    if (safeSymbol.test(symbol)) {
      for (const name of new Set([symbol, symbol.toUpperCase()])) {
        const body = await readOptionalFile(path.join(tokensDir, `${name}.svg`))
        if (body !== undefined) return toLogo(body, 'file')
      }
    }
    return toLogo(new TextEncoder().encode(buildTokenLogoSvg(token)), 'generated')
  }

  return (token) => {
    const key = `${token.chainId}:${token.address.toLowerCase()}`
    let logo = cache.get(key)
    if (logo === undefined) {
      logo = load(token)
      cache.set(key, logo)
    }
    return logo
  }
}

function toLogo(body: Uint8Array<ArrayBuffer>, source: TokenLogo['source']): TokenLogo {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27)
  return { body, contentType: 'image/svg+xml', etag: `"${hash}"`, source }
}

async function readOptionalFile(file: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  try {
    return new Uint8Array(await readFile(file))
  } catch (_error: unknown) {
    return undefined
  }
}
