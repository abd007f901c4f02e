import type { ReactNode } from 'react'

export interface HeaderProps {
  appName: string
  chainSelector: ReactNode
  connect: ReactNode
  themeToggle: ReactNode
}

/** Top bar: app name, then the chain selector, theme toggle and connect button (wrapping on phones). */
export function Header({ appName, chainSelector, connect, themeToggle }: HeaderProps) {
  return (
    <header className="border-b border-line bg-card">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <a href="/" className="flex items-center gap-2 text-lg font-bold text-fg">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{appName}</span>
        </a>
        <div className="flex flex-wrap items-center gap-2">
          {chainSelector}
          {themeToggle}
          {connect}
        </div>
      </div>
    </header>
  )
}
