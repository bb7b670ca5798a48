export interface SolutionCard {
  title: string
  description: string
}

/** Cards of the TALENT BOT model (spec §2, Solutions). */
export const talentBotCards: SolutionCard[] = [
  {
    title: 'Dedicated Company',
    description:
      'A company created only for you in India, with your brand, your culture and no other clients.',
  },
  {
    title: 'Seamless Acquisition',
    description:
      'The option to acquire the whole company later, with its legal entity, team, devices and assets.',
  },
  {
    title: 'Dedicated Support',
    description: 'A dedicated HR business partner and talent acquisition team that work only on your centre.',
  },
  {
    title: 'Exclusive Service',
    description: 'An onboarding SLA of under 2 weeks and a premium service built around your roadmap.',
  },
]

/** Cards of the Shared GCC model (spec §2, Solutions). */
export const sharedGccCards: SolutionCard[] = [
  {
    title: 'Shared Employer of Record',
    description:
      'Your engineers are employed by a shared employer of record, so you can start without an entity.',
  },
  {
    title: 'Shared Resources',
    description: 'Shared HR, talent acquisition and project management staff keep your costs low.',
  },
  {
    title: 'Common Workspace',
    description: 'Your team works from a common, fully equipped workspace alongside other clients.',
  },
  {
    title: 'Transfer Option',
    description: "Transfer your employees to your own subsidiary whenever you're ready.",
  },
  {
    title: 'Same Quality',
    description:
      'The same quality and speed of hiring as our premium model: top 1% talent, expert screening.',
  },
  {
    title: 'Quick Onboarding',
    description: 'An onboarding SLA of under 4 weeks from signed requirement to engineers at work.',
  },
]

export interface ModelComparisonRow {
  feature: string
  talentBot: string
  sharedGcc: string
}

/** "Choose the Right Model for Your Business". */
export const modelComparison: ModelComparisonRow[] = [
  {
    feature: 'Employer of Record',
    talentBot: 'Dedicated company exclusively for you',
    sharedGcc: 'Shared company with other clients',
  },
  {
    feature: 'HR Support',
    talentBot: 'Dedicated HRBP and talent acquisition',
    sharedGcc: 'Shared HR resources',
  },
  {
    feature: 'Acquisition Path',
    talentBot: 'Complete company acquisition available',
    sharedGcc: 'Employee transfer to your subsidiary',
  },
  { feature: 'Talent onboarding SLA', talentBot: '2 weeks', sharedGcc: '4 weeks' },
]
