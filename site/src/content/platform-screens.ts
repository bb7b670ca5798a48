/**
 * Illustrative data for the product screens on /platform: invented people and figures that show what the
 * platform looks like in use. Not real candidates, clients or results; the page says so under each screen.
 */

export interface CandidateRow {
  initials: string
  name: string
  role: string
  city: string
  years: number
  skills: string[]
  match: number
  screened: boolean
}

export const talentSearch = {
  query: 'Senior backend engineer · Go · Postgres',
  filters: ['Bengaluru, Pune, Remote', '6+ years', 'Payments'],
  total: '1,284 profiles',
  results: [
    {
      initials: 'AK',
      name: 'Ananya K.',
      role: 'Backend Engineer, fintech',
      city: 'Bengaluru',
      years: 8,
      skills: ['Go', 'Postgres', 'Kafka'],
      match: 96,
      screened: true,
    },
    {
      initials: 'RM',
      name: 'Rohan M.',
      role: 'Senior Software Engineer',
      city: 'Pune',
      years: 7,
      skills: ['Go', 'gRPC', 'AWS'],
      match: 92,
      screened: true,
    },
    {
      initials: 'SV',
      name: 'Sneha V.',
      role: 'Platform Engineer, payments',
      city: 'Hyderabad',
      years: 6,
      skills: ['Go', 'Postgres', 'Kubernetes'],
      match: 89,
      screened: false,
    },
  ] satisfies CandidateRow[],
}

export interface InterviewSlot {
  day: number
  start: number
  length: number
  title: string
  tone: 'brand' | 'violet' | 'emerald'
}

export const interviewWeek = {
  days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'],
  hours: ['14:00', '15:00', '16:00', '17:00'],
  zones: 'IST · your CET',
  slots: [
    { day: 0, start: 0, length: 1, title: 'Ananya K. · expert round', tone: 'brand' },
    { day: 1, start: 1, length: 2, title: 'Rohan M. · system design', tone: 'violet' },
    { day: 2, start: 0, length: 1, title: 'Sneha V. · expert round', tone: 'brand' },
    { day: 3, start: 2, length: 1, title: 'Ananya K. · meet the CTO', tone: 'emerald' },
    { day: 4, start: 1, length: 1, title: 'Offer call', tone: 'emerald' },
  ] satisfies InterviewSlot[],
}

export const centreDashboard = {
  centre: 'Bengaluru centre',
  kpis: [
    { label: 'Team', value: '24', note: '+6 this quarter' },
    { label: 'Time to hire', value: '13 days', note: 'median' },
    { label: 'Retention', value: '96%', note: '12 months' },
    { label: 'eNPS', value: '+52', note: 'last survey' },
  ],
  /** Hires per month, for the bar chart. */
  hires: [
    { month: 'May', count: 2 },
    { month: 'Jun', count: 4 },
    { month: 'Jul', count: 3 },
    { month: 'Aug', count: 6 },
    { month: 'Sep', count: 5 },
    { month: 'Oct', count: 4 },
  ],
  people: [
    { item: 'Payroll for October', status: 'Paid', tone: 'emerald' },
    { item: 'Leave requests', status: '3 to approve', tone: 'saffron' },
    { item: 'Laptops for new joiners', status: 'Shipped', tone: 'emerald' },
  ] as const,
}

export const teamPulse = {
  survey: 'Quarterly pulse · 22 of 24 answered',
  scores: [
    { label: 'I see a future for me here', value: 88 },
    { label: 'My manager supports my growth', value: 84 },
    { label: 'I feel part of the product team', value: 91 },
  ],
  growth: [
    { initials: 'AK', name: 'Ananya K.', plan: 'Tech lead track', progress: 70 },
    { initials: 'RM', name: 'Rohan M.', plan: 'AWS certification', progress: 45 },
  ],
}

export const peopleOps = {
  run: 'October payroll · 24 people',
  rows: [
    { initials: 'AK', name: 'Ananya K.', team: 'Payments', leave: '2 days left this month', status: 'Paid' },
    { initials: 'RM', name: 'Rohan M.', team: 'Platform', leave: 'On leave Fri', status: 'Paid' },
    { initials: 'SV', name: 'Sneha V.', team: 'Payments', leave: 'Joins 4 Nov', status: 'Onboarding' },
  ],
  modules: [
    { label: 'Health insurance', value: '24 of 24 covered' },
    { label: 'Laptops and access', value: '24 managed' },
    { label: 'Office seats', value: 'Bengaluru, 30 desks' },
  ],
}

/** What each screen shows, in words: screen readers get this instead of the drawing. */
export const screenDescriptions = {
  talentSearch: `A talent search for “${talentSearch.query}” listing ${talentSearch.results.length} ranked candidates with their skills, match score and whether a domain expert screened them.`,
  interviewCalendar: `An interview calendar for one week with ${interviewWeek.slots.length} interviews, from expert rounds to an offer call, shown in India and European time.`,
  centreDashboard: `A dashboard for a centre in Bengaluru: ${centreDashboard.kpis.map((k) => `${k.label.toLowerCase()} ${k.value}`).join(', ')}; a chart of hires per month; payroll, leave and devices status.`,
  teamPulse: `A pulse survey answered by 22 of 24 people: ${teamPulse.scores.map((s) => `${s.value}% agree that ${s.label.toLowerCase()}`).join('; ')}; and two engineers' growth plans with their progress.`,
  peopleOps:
    "A payroll run for 24 people with each person's status and leave, and the HR modules: health insurance for all 24, 24 laptops managed, 30 office desks in Bengaluru.",
}
