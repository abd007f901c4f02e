import type { Address } from 'viem'

const xmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

/** Escapes text for an XML text node or attribute value. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => xmlEscapes[ch] ?? ch)
}

/**
 * Hue in degrees (0..359) derived from the first 24 bits of `address` (any letter case), so the same
 * token always gets the same colour and neighbouring tokens rarely share one. Pure.
 */
export function computeLogoHue(address: Address): number {
  return Number.parseInt(address.slice(2, 8), 16) % 360
}

/**
 * Generates the fallback logo of a token without a logo file: a 32x32 SVG disc in a colour derived from
 * the address (see `computeLogoHue`) with the first (up to three) characters of the symbol in white,
 * XML-escaped; an empty symbol shows `?`. Deterministic and pure.
 */
export function buildTokenLogoSvg(params: { address: Address; symbol: string }): string {
  const hue = computeLogoHue(params.address)
  const letters = Array.from(params.symbol.trim()).slice(0, 3).join('') || '?'
  const fontSize = letters.length <= 1 ? 16 : letters.length === 2 ? 13 : 10
  const label = escapeXml(params.symbol.trim() || '?')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32" role="img" aria-label="${label}">` +
    `<circle cx="16" cy="16" r="16" fill="hsl(${hue}, 62%, 42%)"/>` +
    `<text x="16" y="16" dy="0.35em" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="${fontSize}" font-weight="700" fill="#ffffff">${escapeXml(letters)}</text>` +
    '</svg>'
  )
}
