import type { ComparisonCell, ComparisonRow } from './types.ts'

const yes = (text: string): ComparisonCell => ({ mark: 'check', text })
const no = (text: string): ComparisonCell => ({ mark: 'cross', text })

/** Column headings of the home comparison; the first column is the brand. */
export const comparisonAlternatives = [
  'Staffing Agencies',
  'Outsourcing Companies',
  'Individual HR Consultants',
] as const

/**
 * The home page's one comparison (spec §1: against staffing agencies, outsourcing companies and individual HR
 * consultants, the traditional options of the Advantage section): seven rows, the service first, then the
 * three alternatives.
 */
export const comparisonRows: ComparisonRow[] = [
  {
    factor: 'Talent quality',
    cells: [
      yes('AI-sourced, expert-screened'),
      no('Whoever is on the bench'),
      no('Varies by project'),
      no('Limited network'),
    ],
  },
  {
    factor: 'First round interview',
    cells: [
      yes('By domain experts'),
      no('By recruiters'),
      no('Internal, not visible to you'),
      no('By generalists'),
    ],
  },
  {
    factor: 'Time to hire',
    cells: [yes('2 weeks'), yes('1-2 weeks'), yes('1-2 weeks'), no('6-8 weeks')],
  },
  {
    factor: 'Talent onboarding',
    cells: [
      yes('Handled end to end'),
      no('Your job after day one'),
      yes('Within their own team'),
      no('Your job'),
    ],
  },
  {
    factor: 'Cultural integration',
    cells: [
      yes('Part of your team and culture'),
      no('Contractors stay outside'),
      no('Their culture, not yours'),
      no('Not covered'),
    ],
  },
  {
    factor: 'Talent retention',
    cells: [
      yes('HR partner, surveys, NPS, growth plans'),
      no('High churn'),
      no('People rotate between clients'),
      no('Not covered'),
    ],
  },
  {
    factor: 'Own talent',
    cells: [
      yes('Entity, devices and assets transfer to you'),
      no('Never'),
      no('Never'),
      no('Not applicable'),
    ],
  },
]
