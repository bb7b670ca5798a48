import type { Offering } from './types.ts'

/** The four services of the home page grid: acquire, manage, retain, own. */
export const offerings: Offering[] = [
  {
    title: 'Acquire Talent',
    description:
      'AI-assisted sourcing and domain-expert screening, so you only meet engineers worth your time.',
    color: 'indigo',
    features: [
      {
        title: 'AI-assisted sourcing',
        description: 'Matching models shortlist candidates against your stack and seniority.',
      },
      {
        title: 'Domain-expert screening',
        description: 'First-round interviews are run by engineers who work in your domain.',
      },
    ],
    details:
      'You interview a short list of pre-screened engineers, and we handle offers, notice periods and joining formalities.',
  },
  {
    title: 'Manage Talent',
    description:
      'A modular HR platform that runs payroll, salary slips, attendance, leave and benefits for your team in India.',
    color: 'violet',
    features: [
      {
        title: 'Payroll and compliance',
        description: 'Payroll, salary slips, attendance and leave handled every month.',
      },
      {
        title: 'Benefits and workplace',
        description: 'Health insurance, devices, office space and security included.',
      },
    ],
    details:
      'Pick the modules you need. Your engineers get one place for payslips, leave and benefits, and you get one monthly invoice instead of a dozen vendors.',
  },
  {
    title: 'Retain Talent',
    description:
      'Dedicated HR business partners, regular surveys and NPS keep your best people engaged and growing.',
    color: 'sky',
    features: [
      {
        title: 'People partnership',
        description: 'A dedicated HR business partner, grievance handling and surveys.',
      },
      {
        title: 'Culture and growth',
        description:
          'Employer branding, culture and anti-discrimination policies, personalised growth plans.',
      },
    ],
    details:
      'Retention is designed in from day one: every engineer has a personalised growth plan, and NPS results reach you so you can act before anyone thinks of leaving.',
  },
  {
    title: 'Own Talent',
    description:
      'When you are ready, the legal entity, devices and assets transfer to you. Your centre becomes your company.',
    color: 'emerald',
    features: [
      { title: 'Transfer of ownership', description: 'The legal entity, devices and assets move to you.' },
      {
        title: 'Subsidiary advice',
        description: 'We advise setting up your own subsidiary at 20 to 30 employees in India.',
      },
    ],
    details:
      'Start with 1 employee and scale to a full centre. Once you reach 20 to 30 employees, we help you set up your own subsidiary and move the team across without disruption.',
  },
]
