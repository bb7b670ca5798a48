import type { LeadInput } from '../../shared/schemas/lead.ts'

/** A lead as a visitor fills the form in: Priya, who wants five backend engineers. `changes` replace fields. */
export const sampleLead = (changes: Partial<LeadInput> = {}): LeadInput => ({
  name: 'Priya Sharma',
  email: 'priya@example.com',
  phone: '+91 98765 43210',
  requirement: 'Five backend engineers for our payments team',
  techStack: 'Go, Postgres',
  ...changes,
})
