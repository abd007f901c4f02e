import type { ReactNode } from 'react'
import { Header } from './Header'
import { Skeleton } from './Skeleton'

/**
 * The shell drawn while chains and the wallet code load: same layout, placeholders in place of controls; in
 * `embed` mode (the widget) no page chrome, only the card placeholder.
 */
export function ShellSkeleton({
  appName,
  themeToggle,
  embed = false,
  children,
}: {
  appName: string
  themeToggle: ReactNode
  embed?: boolean
  children?: ReactNode
}) {
  if (embed)
    return (
      <main className="mx-auto w-full max-w-md p-2" aria-busy="true">
        {children ?? <CardSkeleton />}
      </main>
    )
  return (
    <>
      <Header
        appName={appName}
        chainSelector={<Skeleton className="h-10 w-40" />}
        themeToggle={themeToggle}
        connect={<Skeleton className="h-10 w-36" />}
      />
      <main className="mx-auto max-w-5xl px-4 py-6" aria-busy="true">
        {children ?? <CardSkeleton />}
      </main>
    </>
  )
}

function CardSkeleton() {
  return (
    <div className="rounded-2xl border border-line bg-card p-4">
      <Skeleton className="mb-4 h-6 w-40" />
      <Skeleton className="mb-2 h-10 w-full" />
      <Skeleton className="mb-2 h-10 w-full" />
      <Skeleton className="h-10 w-full" />
    </div>
  )
}
