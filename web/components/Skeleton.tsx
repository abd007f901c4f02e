/** A pulsing placeholder bar; purely decorative, so hidden from assistive technology. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <span aria-hidden="true" className={`inline-block animate-pulse rounded bg-line ${className}`} />
}
