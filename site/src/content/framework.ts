import type { TitledText } from './types.ts'

/** The three-part framework shown as circles on the home page. */
export const frameworkParts: TitledText[] = [
  { title: 'Acquire Talent', description: 'AI-assisted sourcing, expert screening' },
  { title: 'Manage Talent', description: 'Payroll, benefits, devices and office' },
  { title: 'Retain Talent', description: 'HR partners, NPS and growth plans' },
]
