import { ExternalLink, LogOut, Menu, X, type LucideIcon } from 'lucide-react'
import { useId, useRef, useState, type ReactNode } from 'react'
import { brand } from '../config/brand.ts'
import { cx } from '../ui/cx.ts'
import { useDismiss } from './useDismiss.ts'

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

const darkItem =
  'inline-flex h-9 items-center gap-2 rounded-md px-2.5 text-sm font-medium whitespace-nowrap text-slate-200 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-400'

/**
 * The one app shell of the admin, in the browser and in the desktop app. From 1024 px a dark sidebar holds
 * the brand, every screen with its full label (one line each, however many screens a host adds) and the
 * signed-in editor's controls; below it a top bar with a Menu that opens the same list. The screen sits
 * beside or below it and scrolls on its own, with an optional status area under it (the desktop's sync).
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
  const navId = useId()
  const [menuOpen, setMenuOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement | null>(null)
  const header = useRef<HTMLElement | null>(null)
  const hasNav = tabs.length > 1
  const currentLabel = tabs.find((t) => t.id === current)?.label

  // The narrow menu closes on Escape (focus back on its button) and on a click outside it.
  useDismiss(menuOpen, header, (by) => {
    setMenuOpen(false)
    if (by === 'escape') menuButton.current?.focus()
  })

  const accountControls = (
    <>
      {siteHref && (
        <a href={siteHref} className={darkItem} title="View site">
          <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
          <span className="max-sm:sr-only">View site</span>
        </a>
      )}
      {email && (
        <button type="button" onClick={onSignOut} className={darkItem} title={`Sign out ${email}`}>
          <LogOut aria-hidden="true" className="size-4 shrink-0" />
          <span className="max-sm:sr-only">Sign out</span>
        </button>
      )}
    </>
  )

  return (
    <div className="flex h-dvh flex-col bg-slate-100 lg:flex-row">
      <header
        ref={header}
        className="relative z-30 flex h-14 shrink-0 items-center gap-2 bg-slate-950 px-3 text-white sm:px-5 lg:h-full lg:w-48 lg:flex-col lg:items-stretch lg:gap-4 lg:px-3 lg:py-4 2xl:w-56"
      >
        {hasNav && (
          <button
            ref={menuButton}
            type="button"
            aria-expanded={menuOpen}
            aria-controls={navId}
            onClick={() => setMenuOpen((o) => !o)}
            className={cx(darkItem, '-ml-1 px-2 lg:hidden')}
          >
            {menuOpen ? (
              <X aria-hidden="true" className="size-5" />
            ) : (
              <Menu aria-hidden="true" className="size-5" />
            )}
            <span className="sr-only">Menu</span>
          </button>
        )}
        <span className="flex min-w-0 items-center gap-2.5 lg:px-1">
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-indigo-500 text-sm font-bold"
          >
            {brand.name.charAt(0)}
          </span>
          {/* On a phone the bar names the screen that is open; the product's name stays for screen readers. */}
          <span className={cx('font-semibold whitespace-nowrap', hasNav && 'max-sm:sr-only')}>
            {brand.name} <span className="font-normal text-slate-400">Editor</span>
          </span>
          {hasNav && currentLabel && (
            <span aria-hidden="true" className="truncate text-sm font-medium text-slate-300 sm:hidden">
              {currentLabel}
            </span>
          )}
        </span>
        {hasNav && (
          <nav
            id={navId}
            aria-label="Admin screens"
            className={cx(
              'lg:-mx-1 lg:flex lg:min-h-0 lg:flex-1 lg:flex-col lg:overflow-y-auto lg:[scrollbar-width:thin]',
              menuOpen
                ? 'max-lg:absolute max-lg:inset-x-0 max-lg:top-14 max-lg:flex max-lg:max-h-[calc(100dvh-3.5rem)] max-lg:flex-col max-lg:overflow-y-auto max-lg:border-t max-lg:border-white/10 max-lg:bg-slate-950 max-lg:p-2 max-lg:shadow-2xl sm:max-lg:right-auto sm:max-lg:w-72 sm:max-lg:rounded-br-xl'
                : 'max-lg:hidden',
            )}
          >
            <ul className="flex flex-col gap-0.5">
              {tabs.map(({ id, label, icon: Icon, badge }) => (
                <li key={id}>
                  <button
                    type="button"
                    aria-current={current === id ? 'page' : undefined}
                    onClick={() => {
                      onSelect(id)
                      setMenuOpen(false)
                    }}
                    className={cx(
                      darkItem,
                      'w-full justify-start text-slate-300 max-lg:h-11 aria-[current=page]:bg-white/15 aria-[current=page]:text-white',
                    )}
                  >
                    <Icon aria-hidden="true" className="size-4 shrink-0" />
                    <span className="flex-1 text-left">{label}</span>
                    {badge && badge.count > 0 && (
                      <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
                        {badge.count}
                        <span className="sr-only"> {badge.label}</span>
                      </span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="ml-auto flex shrink-0 items-center gap-0.5 sm:gap-2 lg:ml-0 lg:flex-col lg:items-stretch lg:gap-0.5 lg:border-t lg:border-white/10 lg:pt-3">
          {email && (
            // The address wraps rather than being cut: it is who is signed in.
            <p className="hidden px-2.5 pb-1 text-xs text-slate-400 lg:block">
              Signed in as <span className="block text-slate-200 [overflow-wrap:anywhere]">{email}</span>
            </p>
          )}
          {accountControls}
        </div>
      </header>
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        {/* Positioned, so visually hidden (absolute) text inside scrolls with it instead of stretching the window. */}
        <main className="relative min-h-0 flex-1 overflow-y-auto">{children}</main>
        {statusArea}
      </div>
    </div>
  )
}
