import type { ReactNode } from 'react'
import { Link } from 'wouter'

export interface HeaderProps {
  appName: string
  chainSelector: ReactNode
  connect: ReactNode
  /** Page links; none while the shell loads. */
  nav?: ReactNode
  themeToggle: ReactNode
}

/**
 * Top bar: app name and page links, then the chain selector, theme toggle and connect button. On phones the
 * name is visually hidden (the logo stays), the network pickers take a row of their own (a source and a
 * destination do not fit beside the wallet on a 375 px screen) and the page links the last row.
 */
export function Header({ appName, chainSelector, connect, themeToggle, nav }: HeaderProps) {
  return (
    <header className="border-b border-line bg-card">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-2 gap-y-2 px-3 py-3 sm:flex-nowrap sm:gap-x-4 sm:px-4">
        <Link href="/" className="flex shrink-0 items-center gap-2 text-lg font-bold text-fg">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span className="sr-only sm:not-sr-only">{appName}</span>
        </Link>
        {nav !== undefined && <div className="order-last basis-full sm:order-none sm:basis-auto">{nav}</div>}
        <div className="flex-1" />
        <div className="order-9 min-w-0 basis-full sm:order-none sm:basis-auto">{chainSelector}</div>
        <div className="flex shrink-0 items-center gap-2">
          <div className="shrink-0">{themeToggle}</div>
          <div className="shrink-0">{connect}</div>
        </div>
      </div>
    </header>
  )
}
