/** An inline error with an optional retry button, announced to screen readers. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-danger/40 p-3 text-sm"
    >
      <span className="text-danger">{message}</span>
      {onRetry !== undefined && (
        <button
          type="button"
          onClick={onRetry}
          className="rounded-md border border-line px-3 py-1 font-medium hover:bg-surface"
        >
          Retry
        </button>
      )}
    </div>
  )
}
