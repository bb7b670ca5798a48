import type { ToasterProps } from 'sonner'

/**
 * The one toast area's settings, loaded with sonner (not with every page). Top right, below the sticky
 * 64 px header on every width, so a toast never covers the navigation; set in the site's type (Inter) and
 * colours instead of sonner's system font and black button. A toast only confirms what the page already
 * shows (the lead form's own confirmation stays the primary success state), so it is small and quiet.
 */
export const toasterProps = {
  position: 'top-right',
  closeButton: true,
  offset: { top: 80, right: 24 },
  mobileOffset: { top: 76, left: 12, right: 12 },
  style: { fontFamily: 'var(--font-sans)' },
  toastOptions: {
    classNames: {
      toast:
        'font-sans! rounded-card! border! border-ink-200! bg-white! text-ink-900! shadow-float! gap-3! px-4! py-3.5!',
      title: 'text-sm! font-semibold! text-ink-900!',
      description: 'text-sm! text-ink-600!',
      actionButton:
        'rounded-lg! bg-brand-600! px-3! py-1.5! text-xs! font-semibold! text-white! hover:bg-brand-500!',
      closeButton: 'border-ink-200! bg-white! text-ink-500! hover:text-ink-900!',
      success: 'border-l-4! border-l-emerald-500!',
      info: 'border-l-4! border-l-brand-500!',
      error: 'border-l-4! border-l-red-500!',
      icon: 'text-ink-700!',
    },
  },
} satisfies ToasterProps
