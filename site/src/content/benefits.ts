import type { BenefitItem } from './types.ts'

/** The three highlight cards of the Advantage section (a carousel below 768 px). */
export const benefits: BenefitItem[] = [
  {
    icon: 'sparkles',
    title: 'AI-Enabled from Day One',
    points: [
      'Access to the top 1% of tech talent',
      'Over 10 million candidate profiles',
      'AI-assisted sourcing, expert screening',
    ],
    colour: 'indigo',
    position: 'top',
  },
  {
    icon: 'rocket',
    title: 'Built for Speed',
    points: [
      'Time to hire of 2 weeks, not 2 months',
      'A team built in 4 to 6 weeks',
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
