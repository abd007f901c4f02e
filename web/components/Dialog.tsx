import { X } from 'lucide-react'
import { type ReactNode, useEffect, useId, useRef } from 'react'

export interface DialogProps {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
  /** Accessible description under the title. */
  description?: string
}

/**
 * A modal dialog on the native `<dialog>` element: `showModal()` makes the rest of the page inert (focus stays
 * inside), Esc and the close button call `onClose`, focus returns to the opener when it closes or unmounts. A
 * bottom sheet on phones, centred card from `sm` up. The element marked `data-autofocus` receives focus on open.
 */
export function Dialog({ open, title, onClose, children, description }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()
  const opener = useRef<HTMLElement | null>(null)
  useEffect(() => {
    const dialog = ref.current
    if (dialog === null) return
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      dialog.showModal()
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    }
    if (!open && dialog.open) {
      dialog.close()
      restoreFocus(opener.current)
      opener.current = null
    }
  }, [open])
  useEffect(
    () => () => {
      ref.current?.close()
      // a dialog unmounted while open (rendered conditionally) is detached before this runs, so the browser
      // cannot return focus itself
      restoreFocus(opener.current)
    },
    [],
  )
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description === undefined ? undefined : descriptionId}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      className="mx-auto mt-auto mb-0 max-h-[92dvh] w-full max-w-none overflow-hidden rounded-t-2xl border border-line bg-card p-0 text-fg shadow-xl backdrop:bg-black/50 sm:m-auto sm:max-h-[85dvh] sm:max-w-md sm:rounded-2xl"
    >
      {open && (
        // the dialog's own max height includes its 1 px borders: the content fits inside them, so its bottom
        // (a review's pinned button) is never clipped on a phone
        <div className="flex max-h-[calc(92dvh-2px)] flex-col sm:max-h-[calc(85dvh-2px)]">
          <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
            <h2 id={titleId} className="text-base font-semibold">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-xl text-muted hover:bg-surface"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </button>
          </div>
          {description !== undefined && (
            <p id={descriptionId} className="sr-only">
              {description}
            </p>
          )}
          <div className="min-h-0 overflow-y-auto p-4">{children}</div>
        </div>
      )}
    </dialog>
  )
}

function restoreFocus(element: HTMLElement | null): void {
  if (element?.isConnected === true) element.focus()
}
