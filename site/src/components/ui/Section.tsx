import type { ReactNode } from 'react'

export type SectionTone = 'light' | 'tinted' | 'dark'

const tones: Record<SectionTone, string> = {
  light: 'bg-white',
  tinted: 'bg-ink-50',
  dark: 'bg-ink-950 text-ink-300',
}

/**
 * A page section: one of three tones (white, a cool tint, night) with the site's vertical rhythm and
 * content width. Pages alternate tones so sections read as distinct without a card around everything.
 */
export function Section({
  tone = 'light',
  id,
  labelledBy,
  className = '',
  children,
}: {
  tone?: SectionTone
  id?: string
  labelledBy: string
  className?: string
  children: ReactNode
}) {
  return (
    <section
      id={id}
      aria-labelledby={labelledBy}
      className={`${tones[tone]} py-section defer-layout ${className}`}
    >
      <div className="mx-auto max-w-7xl px-6 lg:px-8">{children}</div>
    </section>
  )
}
