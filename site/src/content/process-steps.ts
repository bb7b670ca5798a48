import type { ProcessStep } from './types.ts'

/** "How It Works": three steps, four feature bullets each. */
export const processSteps: ProcessStep[] = [
  {
    id: 'hire',
    title: 'Hire Talent and Build Your Team',
    description: 'Tell us who you need. We source, screen and hire, and your team is built in 4 to 6 weeks.',
    features: [
      'AI-assisted sourcing from over 10 million profiles',
      'First-round screening by domain experts',
      'Time to hire of 2 weeks instead of 2 months',
      'Start with 1 employee and scale to a full centre',
    ],
  },
  {
    id: 'manage',
    title: 'Manage Talent',
    description: 'Your engineers work for you; we run everything around them on a modular HR platform.',
    features: [
      'Payroll, salary slips, attendance and leave',
      'Benefits and health insurance',
      'Devices, office space and security',
      'One platform instead of a dozen vendors',
    ],
  },
  {
    id: 'retain',
    title: 'Retain Talent',
    description:
      'People stay where they grow. We keep your team engaged and build your employer brand in India.',
    features: [
      'A dedicated HR business partner',
      'Surveys, NPS and grievance handling',
      'Culture and anti-discrimination policies',
      'Personalised growth plans for every engineer',
    ],
  },
]
