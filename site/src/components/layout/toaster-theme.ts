import type { ToasterProps } from 'sonner'

/** Below Tailwind's sm breakpoint: a phone, where toasts sit at the bottom. */
const phone = () => typeof window !== 'undefined' && window.matchMedia('(max-width: 639.98px)').matches

/**
 * The one toast area's settings, loaded with sonner (not with every page). Wider than a phone: top right,
 * below the sticky 64 px header, so a toast never covers the navigation. On a phone the top of the screen is
 * where the page brings what answers the visitor (the lead form's confirmation card, its alert), so toasts
 * sit at the bottom edge instead of over it. Set in the site's type (Inter) and colours instead of sonner's
 * system font and black button. A toast only confirms what the page already shows (the lead form's own
 * confirmation stays the primary success state), so it is small and quiet. @public (loaded with import():
 * the site layout and the toast island read it from the module)
 */
export const toasterProps = () =>
  ({
    ...toasterLook,
    position: phone() ? 'bottom-center' : 'top-right',
  }) satisfies ToasterProps

const toasterLook = {
  closeButton: true,
  offset: { top: 80, right: 24 },
  mobileOffset: { bottom: 16, left: 12, right: 12 },
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
