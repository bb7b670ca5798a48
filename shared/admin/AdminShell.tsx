import { ExternalLink, LogOut, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { brand } from '../config/brand.ts'

export interface AdminTab {
  id: string
  label: string
  icon: LucideIcon
  /** A count beside the label (e.g. posts that need the editor), with its words for screen readers. */
  badge?: { count: number; label: string } | null
}

export interface AdminShellProps {
  tabs: AdminTab[]
  current: string
  onSelect(id: string): void
  /** The signed-in editor (null: nobody signed in yet). */
  email: string | null
  onSignOut(): void
  /** "View site" (the browser admin links to the public site; the desktop has no such page of its own). */
  siteHref?: string | null
  /** Under the screens, always in view (the desktop's sync status). */
  statusArea?: ReactNode
  children: ReactNode
}

const barItem =
  'inline-flex h-9 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium whitespace-nowrap text-slate-200 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-400'

/**
 * The one app shell of the admin, in the browser and in the desktop app: a dark top bar with the brand, the
 * screens' tabs and the signed-in editor's area, the screen below it (which scrolls on its own), and an
 * optional status area at the bottom. On a phone the labels become icons; every control keeps its name.
 */
export function AdminShell({
  tabs,
  current,
  onSelect,
  email,
  onSignOut,
  siteHref,
  statusArea,
  children,
}: AdminShellProps) {
  const compactTabs = tabs.length > 2
  return (
    <div className="flex h-dvh flex-col bg-slate-100">
      <header className="flex h-14 shrink-0 items-center gap-2 bg-slate-950 px-3 text-white sm:gap-3 sm:px-5">
        <span className="flex min-w-0 shrink-0 items-center gap-2.5">
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-indigo-500 text-sm font-bold"
          >
            {brand.name.charAt(0)}
          </span>
          {/* On a phone the tabs need the room: the name stays for screen readers. */}
          <span
            className={tabs.length > 1 ? 'truncate font-semibold max-md:sr-only' : 'truncate font-semibold'}
          >
            {brand.name} <span className="font-normal text-slate-400">Editor</span>
          </span>
        </span>
        {tabs.length > 1 && (
          // On a phone with many screens (the desktop has eight) the tabs scroll within the bar, so the
          // signed-in controls beside them stay in reach.
          <nav
            aria-label="Admin screens"
            className="ml-1 flex min-w-0 items-center gap-0.5 overflow-x-auto [scrollbar-width:none] sm:ml-3 sm:gap-1"
          >
            {tabs.map(({ id, label, icon: Icon, badge }) => (
              <button
                key={id}
                type="button"
                aria-current={current === id ? 'page' : undefined}
                onClick={() => onSelect(id)}
                title={label}
                className={`${barItem} relative shrink-0 text-slate-300 max-sm:px-2 aria-[current=page]:bg-white/15 aria-[current=page]:text-white`}
              >
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                <span className={compactTabs ? 'max-lg:sr-only' : 'max-sm:sr-only'}>{label}</span>
                {badge && badge.count > 0 && (
                  <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
                    {badge.count}
                    <span className="sr-only"> {badge.label}</span>
                  </span>
                )}
              </button>
            ))}
          </nav>
        )}
        <div className="ml-auto flex shrink-0 items-center gap-0.5 sm:gap-2">
          {email && (
            <span className="hidden max-w-64 truncate text-sm text-slate-300 xl:inline">
              Signed in as {email}
            </span>
          )}
          {siteHref && (
            <a href={siteHref} className={barItem} title="View site">
              <ExternalLink aria-hidden="true" className="size-4" />
              <span className="max-sm:sr-only">View site</span>
            </a>
          )}
          {email && (
            <button type="button" onClick={onSignOut} className={barItem} title={`Sign out ${email}`}>
              <LogOut aria-hidden="true" className="size-4" />
              <span className="max-sm:sr-only">Sign out</span>
            </button>
          )}
        </div>
      </header>
      {/* Positioned, so visually hidden (absolute) text inside scrolls with it instead of stretching the window. */}
      <main className="relative min-h-0 flex-1 overflow-y-auto">{children}</main>
      {statusArea}
    </div>
  )
}
