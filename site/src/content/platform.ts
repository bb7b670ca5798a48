export type PlatformIcon = 'search' | 'calendar' | 'megaphone' | 'badge-check' | 'chart' | 'shield'

export interface PlatformFeature {
  icon: PlatformIcon
  title: string
  description: string
}

/** The six feature cards of the Platform page. */
export const platformFeatures: PlatformFeature[] = [
  {
    icon: 'search',
    title: 'Advanced Talent Search',
    description:
      'AI-assisted search across a database of over 10 million candidate profiles, ranked against your stack.',
  },
  {
    icon: 'calendar',
    title: 'Interview Scheduling',
    description:
      'Candidates, interviewers and time zones in one calendar, so interviews happen in days, not weeks.',
  },
  {
    icon: 'megaphone',
    title: 'Multi-channel Outreach',
    description: 'Reach passive candidates by email, professional networks and referrals from one place.',
  },
  {
    icon: 'badge-check',
    title: 'Quality Assessments',
    description: 'Structured first-round screening by domain experts, with scorecards you can read.',
  },
  {
    icon: 'chart',
    title: 'Analytics Dashboard',
    description: 'Time to hire, pipeline health, attendance and NPS for your whole centre at a glance.',
  },
  {
    icon: 'shield',
    title: 'Compliance Management',
    description: 'Payroll, leave, benefits and security policies that follow Indian employment rules.',
  },
]

export interface PlatformSection {
  id: string
  title: string
  description: string
  features: string[]
}

/** The three platform areas, each with a feature list and a Get Started link. */
export const platformSections: PlatformSection[] = [
  {
    id: 'talent-acquisition',
    title: 'Talent Acquisition',
    description: 'From requirement to signed offer in 2 weeks.',
    features: [
      'Access to the top 1% of tech talent',
      'AI-assisted sourcing from over 10 million profiles',
      'First-round screening by domain experts',
      'A team built in 4 to 6 weeks',
    ],
  },
  {
    id: 'talent-management',
    title: 'Talent Management',
    description: 'A modular HR platform for everything around the work.',
    features: [
      'Payroll and salary slips',
      'Attendance and leave',
      'Benefits and health insurance',
      'Devices, office space and security',
    ],
  },
  {
    id: 'talent-retention',
    title: 'Talent Retention',
    description: 'Keep your best people and grow them.',
    features: [
      'Dedicated HR business partners',
      'Surveys, NPS and grievance handling',
      'Employer branding, culture and anti-discrimination policies',
      'Personalised growth plans',
    ],
  },
]
