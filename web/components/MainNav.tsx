import { Link, useRoute } from 'wouter'

function NavLink({ href, label }: { href: string; label: string }) {
  const [active] = useRoute(href)
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      className={`rounded-md px-2 py-1 text-sm font-medium ${active ? 'bg-surface text-fg' : 'text-muted hover:text-fg'}`}
    >
      {label}
    </Link>
  )
}

/** The app's page links (swap, history), the current one marked with `aria-current="page"`. */
export function MainNav() {
  return (
    <nav aria-label="Main" className="flex items-center gap-1">
      <NavLink href="/" label="Swap" />
      <NavLink href="/history" label="History" />
    </nav>
  )
}
