import { Menu, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { NavLink, useLocation } from 'react-router-dom'
import { headerLinks } from '@site/content/navigation.ts'
import { ButtonLink } from '../ui/ButtonLink.tsx'
import { Logo } from './Logo.tsx'

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'text-brand-700' : 'text-ink-700 hover:text-ink-900'
  }`

const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2.5 text-base font-medium ${isActive ? 'bg-brand-50 text-brand-700' : 'text-ink-800 hover:bg-ink-50'}`

/**
 * Sticky header; below 768 px (Tailwind's md) the links fold into a menu toggled by a button. Solid white,
 * not translucent: over the night-tone sections a see-through header turned a muddy grey and its links lost
 * their contrast.
 */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false)
  const { pathname } = useLocation()
  const close = () => setMenuOpen(false)

  // Back/forward navigation also closes the menu, not only a tapped link.
  useEffect(() => setMenuOpen(false), [pathname])

  return (
    <header className="sticky top-0 z-40 border-b border-ink-200 bg-white">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-6 lg:px-8"
      >
        <Logo onClick={close} />
        <ul className="hidden items-center gap-1 md:flex">
          {headerLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === '/'} className={linkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="hidden md:block">
          <ButtonLink to="/get-started">Get Started</ButtonLink>
        </div>
        <button
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-lg text-ink-700 hover:bg-ink-100 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          {menuOpen ? (
            <X aria-hidden="true" className="size-6" />
          ) : (
            <Menu aria-hidden="true" className="size-6" />
          )}
        </button>
      </nav>
      <div
        id="mobile-menu"
        hidden={!menuOpen}
        className="border-t border-ink-200 bg-white px-4 pt-2 pb-4 shadow-lg md:hidden"
      >
        <ul className="space-y-1">
          {headerLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === '/'} className={mobileLinkClass} onClick={close}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <ButtonLink to="/get-started" size="lg" className="mt-3 w-full" onClick={close}>
          Get Started
        </ButtonLink>
      </div>
    </header>
  )
}
