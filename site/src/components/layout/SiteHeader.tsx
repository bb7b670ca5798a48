import { Menu, X } from 'lucide-react'
import { NavLink } from 'react-router-dom'
import { headerLinks } from '@site/content/navigation.ts'
import { island } from '@site/islands/wake.ts'
import { ButtonLink } from '../ui/ButtonLink.tsx'
import { Logo } from './Logo.tsx'

const barLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'text-brand-700' : 'text-ink-700 hover:text-ink-900'
  }`

const menuLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2.5 text-base font-medium ${isActive ? 'bg-brand-50 text-brand-700' : 'text-ink-800 hover:bg-ink-50'}`

/** The header's links: a row in the bar from 768 px, a column in the phone menu below it. */
function HeaderLinks({ className, linkClass }: { className: string; linkClass: typeof menuLinkClass }) {
  return (
    <ul className={className}>
      {headerLinks.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.to === '/'} className={linkClass} reloadDocument>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  )
}

/**
 * Sticky header; below 768 px (Tailwind's md) the links fold into a menu toggled by a button (a few lines of
 * plain script, site/src/islands/menu.ts, woken by the first touch or key in the header). Solid white,
 * not translucent: over the night-tone sections a see-through header turned a muddy grey and its links lost
 * their contrast. Links are plain links: each page arrives whole from the server.
 */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-ink-200 bg-white" {...island('menu', 'interaction')}>
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-6 lg:px-8"
      >
        <Logo />
        <HeaderLinks className="hidden items-center gap-1 md:flex" linkClass={barLinkClass} />
        <div className="hidden md:block">
          <ButtonLink to="/get-started">Get Started</ButtonLink>
        </div>
        <button
          type="button"
          className="group inline-flex size-10 items-center justify-center rounded-lg text-ink-700 hover:bg-ink-100 md:hidden"
          aria-expanded={false}
          aria-controls="mobile-menu"
        >
          <span className="sr-only" data-menu-label>
            Open menu
          </span>
          <Menu aria-hidden="true" className="size-6 group-aria-expanded:hidden" />
          <X aria-hidden="true" className="hidden size-6 group-aria-expanded:block" />
        </button>
      </nav>
      <div
        id="mobile-menu"
        hidden
        className="border-t border-ink-200 bg-white px-4 pt-2 pb-4 shadow-lg md:hidden"
      >
        <HeaderLinks className="space-y-1" linkClass={menuLinkClass} />
        <ButtonLink to="/get-started" size="lg" className="mt-3 w-full">
          Get Started
        </ButtonLink>
      </div>
    </header>
  )
}
