export interface NavLinkItem {
  label: string
  to: string
}

/** Header links (spec §2, Header and footer). */
export const headerLinks: NavLinkItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Platform', to: '/platform' },
  { label: 'Solutions', to: '/solutions' },
  { label: 'Resources', to: '/resources' },
  { label: 'FAQs', to: '/contact' },
]

export const footerSolutionLinks: NavLinkItem[] = [
  { label: 'TALENT BOT Model', to: '/solutions#talent-bot' },
  { label: 'Shared GCC Model', to: '/solutions#shared-gcc' },
]

export const footerCompanyLinks: NavLinkItem[] = [
  { label: 'Contact Us', to: '/get-started' },
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Terms of Service', to: '/terms' },
]

/** Social profiles are not live yet: the footer shows them without a destination. */
export const socialProfiles = ['LinkedIn', 'X', 'YouTube'] as const
