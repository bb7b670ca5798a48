import { Mail } from 'lucide-react'
import { Link } from 'react-router-dom'
import { brand } from '@shared/config/brand.ts'
import { footerCompanyLinks, footerSolutionLinks, socialProfiles } from '@site/content/navigation.ts'
import { Logo } from './Logo.tsx'

/** Simple monochrome marks; the profiles have no destination yet, so these are images, not links. */
function SocialMark({ name }: { name: (typeof socialProfiles)[number] }) {
  return (
    <span
      role="img"
      aria-label={`${name} (profile coming soon)`}
      title={`${name}: profile coming soon`}
      className="inline-flex size-9 items-center justify-center rounded-full bg-ink-800 text-ink-300"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="currentColor">
        {name === 'LinkedIn' && (
          <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.75h4v11H3v-11Zm6.5 0h3.8v1.5h.06c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.77 2.65 4.77 6.1v5.45h-4v-4.83c0-1.15-.02-2.63-1.6-2.63-1.6 0-1.85 1.25-1.85 2.55v4.91h-4v-11Z" />
        )}
        {name === 'X' && (
          <path d="M17.5 3h3.1l-6.8 7.8L21.8 21h-6.3l-4.9-6.4L5 21H1.9l7.3-8.3L1.5 3h6.4l4.4 5.9L17.5 3Zm-1.1 16.2h1.7L7 4.7H5.2l11.2 14.5Z" />
        )}
        {name === 'YouTube' && (
          <path d="M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12 31 31 0 0 0 1 16.8a3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1c.4-1.6.5-4.8.5-4.8s0-3.2-.5-4.8ZM9.8 15V9l5.8 3-5.8 3Z" />
        )}
      </svg>
    </span>
  )
}

function FooterColumn({ title, links }: { title: string; links: { label: string; to: string }[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-white">{title}</h2>
      <ul className="mt-4 space-y-3">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              reloadDocument
              className="text-sm text-ink-300 transition-colors hover:text-white"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function SiteFooter() {
  const year = new Date().getFullYear()
  return (
    <footer className="bg-ink-950 text-ink-300">
      <div className="mx-auto max-w-7xl px-6 pt-16 pb-10 lg:px-8">
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 md:grid-cols-[2fr_1fr_1fr] md:gap-12">
          <div className="col-span-2 max-w-sm md:col-span-1">
            <Logo tone="light" />
            <p className="mt-4 text-sm leading-6 text-ink-400">
              AI-enabled and end to end: we help startups and scale-ups acquire, manage, retain and own a tech
              capacity centre in India.
            </p>
            <a
              href={`mailto:${brand.contactEmail}`}
              className="mt-5 inline-flex items-center gap-2 text-sm font-medium text-white hover:text-brand-300"
            >
              <Mail aria-hidden="true" className="size-4" />
              {brand.contactEmail}
            </a>
            <div className="mt-6 flex gap-3">
              {socialProfiles.map((name) => (
                <SocialMark key={name} name={name} />
              ))}
            </div>
          </div>
          <FooterColumn title="Solutions" links={footerSolutionLinks} />
          <FooterColumn title="Company" links={footerCompanyLinks} />
        </div>
        <div className="mt-10 border-t border-ink-800 pt-8 text-sm text-ink-400 md:mt-12">
          <p>
            © {year} {brand.name}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  )
}
