import type { Accent } from '@site/content/types.ts'

/** Fixed class sets per accent, written out in full so Tailwind finds them at build time. */
export const accentClasses: Record<Accent, { icon: string; ring: string; text: string; soft: string }> = {
  indigo: {
    icon: 'bg-brand-600 text-white',
    ring: 'ring-brand-200',
    text: 'text-brand-700',
    soft: 'bg-brand-50',
  },
  violet: {
    icon: 'bg-violet-600 text-white',
    ring: 'ring-violet-200',
    text: 'text-violet-700',
    soft: 'bg-violet-50',
  },
  sky: { icon: 'bg-sky-600 text-white', ring: 'ring-sky-200', text: 'text-sky-700', soft: 'bg-sky-50' },
  emerald: {
    icon: 'bg-emerald-600 text-white',
    ring: 'ring-emerald-200',
    text: 'text-emerald-700',
    soft: 'bg-emerald-50',
  },
}
