import type { BenefitItem } from './types.ts'

/** The three highlight cards of the Advantage section (a carousel below 768 px). */
export const benefits: BenefitItem[] = [
  {
    icon: 'sparkles',
    title: 'AI-Enabled from Day One',
    points: [
      'Sourcing matched to your stack and seniority',
      'First-round interviews by domain experts',
      'A short list, not a pile of CVs',
    ],
    colour: 'indigo',
    position: 'top',
  },
  {
    icon: 'rocket',
    title: 'Built for Speed',
    points: [
      'Offers, notice periods and joining handled',
      'Payroll and HR running from the first hire',
      'Start with 1 employee, scale to a full centre',
    ],
    colour: 'violet',
    position: 'bottom-left',
  },
  {
    icon: 'key',
    title: 'Yours to Own',
    points: [
      'Legal entity, devices and assets transfer to you',
      'Subsidiary advice at 20 to 30 employees',
      'No lock-in to a vendor',
    ],
    colour: 'emerald',
    position: 'bottom-right',
  },
]
