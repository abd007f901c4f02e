import type { ReactNode, RefObject } from 'react'

/** The cross-chain card's frame: the region, its heading (`title`) with `actions` beside it, and the view. */
export function CrossCard({
  title,
  actions,
  headingRef,
  children,
}: {
  title: string
  actions?: ReactNode
  /** Takes focus when the card changes view (`tabIndex` -1: focusable by script, not in the tab order). */
  headingRef: RefObject<HTMLHeadingElement | null>
  children: ReactNode
}) {
  return (
    <section
      aria-label="Cross-chain swap"
      className="self-start rounded-2xl border border-line bg-card p-4 shadow-sm"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 ref={headingRef} tabIndex={-1} className="min-w-0 text-base font-semibold outline-none">
          {title}
        </h2>
        {actions !== undefined && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  )
}
