import type { ProcessStep } from './types.ts'

/** "How It Works": three steps, four feature bullets each. */
export const processSteps: ProcessStep[] = [
  {
    id: 'hire',
    title: 'Hire Talent and Build Your Team',
    description: 'Tell us who you need. We source, screen and hire, and handle offers and joining.',
    features: [
      'AI-assisted sourcing matched to your stack',
      'First-round screening by domain experts',
      'A short list of pre-screened engineers to meet',
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
