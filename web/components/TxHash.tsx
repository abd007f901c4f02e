import { useState } from 'react'

/**
 * A transaction hash shortened to "0x1234ab…cdef" (the full hash in its title and accessible text) with a copy
 * button that confirms the copy for two seconds; copying is skipped quietly where the clipboard is unavailable.
 */
export function TxHash({ hash }: { hash: `0x${string}` }) {
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(hash)
      setCopied(true)
      setTimeout(() => setCopied(false), 2_000)
    } catch (_error: unknown) {
      setCopied(false)
    }
  }
  return (
    <span className="inline-flex items-center gap-2 text-xs text-muted">
      <span>Transaction</span>
      <code title={hash} className="font-mono">
        <span aria-hidden="true">{`${hash.slice(0, 8)}…${hash.slice(-6)}`}</span>
        <span className="sr-only">{hash}</span>
      </code>
      <button
        type="button"
        onClick={() => void copy()}
        className="rounded-md border border-line px-2 py-0.5 font-medium text-fg hover:bg-surface"
      >
        {copied ? 'Copied' : 'Copy'}
        <span className="sr-only"> transaction hash</span>
      </button>
    </span>
  )
}
