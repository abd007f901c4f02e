import { Link } from 'wouter'

/** What an unknown path shows: which path was not found and a link back to the swap page. */
export function NotFoundView({ path }: { path: string }) {
  return (
    <section
      aria-labelledby="not-found-heading"
      className="mx-auto max-w-md rounded-2xl border border-line bg-card p-6 text-center shadow-sm"
    >
      <h1 id="not-found-heading" className="mb-2 text-lg font-semibold">
        Page not found
      </h1>
      <p className="mb-4 text-sm text-muted">
        There is no page at <code className="break-all font-mono">{path}</code>.
      </p>
      <Link
        href="/"
        className="inline-flex rounded-lg bg-accent px-4 py-2 text-sm font-semibold text-accent-fg"
      >
        Back to swap
      </Link>
    </section>
  )
}
