import { useState } from 'react'
import { Monogram } from './Monogram'

/**
 * A chain or token logo served by our own origin; anything pointing elsewhere (or failing to load) falls
 * back to a lettered disc (`Monogram`), so the app never requests another host.
 */
export function ChainLogo({
  src,
  label,
  size = 24,
}: {
  src: string | undefined
  label: string
  size?: number
}) {
  const [failed, setFailed] = useState(false)
  const sameOrigin = src !== undefined && isSameOrigin(src)
  if (!sameOrigin || failed) return <Monogram label={label} size={size} />
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      className="shrink-0 rounded-full"
      onError={() => setFailed(true)}
    />
  )
}

function isSameOrigin(src: string): boolean {
  try {
    return new URL(src, window.location.origin).origin === window.location.origin
  } catch (_error: unknown) {
    return false
  }
}
