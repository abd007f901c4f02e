import { useEffect, useRef } from 'react'

/**
 * A ref for the card's heading that takes focus whenever `view` changes: the control that opened the review (or
 * "New trade") is gone with the view it was in, so focus would fall to <body>; the new view starts at the heading.
 */
export function useViewFocus(view: string) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  const shownView = useRef(view)
  useEffect(() => {
    if (shownView.current === view) return
    shownView.current = view
    headingRef.current?.focus()
  }, [view])
  return headingRef
}
