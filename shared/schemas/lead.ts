import { z } from 'zod'

/** Server-side caps: far above anything a real person types (the spec sets no maximums). */
export const leadLimits = {
  name: 200,
  email: 254,
  phone: 40,
  requirement: 5000,
  techStack: 500,
} as const

const capped = (max: number, label: string) => `${label} must be at most ${max} characters.`

/** The lead form's rules, word for word from spec §5. Used by the form and by `POST /api/leads`. */
export const leadSchema = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters.').max(leadLimits.name, capped(leadLimits.name, 'Name')),
  email: z.string().trim().max(leadLimits.email, capped(leadLimits.email, 'Email')).pipe(z.email('Please enter a valid email.')),
  phone: z
    .string()
    .trim()
    .min(10, 'Please enter a valid phone number with country code.')
    .max(leadLimits.phone, capped(leadLimits.phone, 'Phone number')),
  requirement: z
    .string()
    .trim()
    .min(10, 'Please describe your requirement in at least 10 characters.')
    .max(leadLimits.requirement, capped(leadLimits.requirement, 'Requirement')),
  techStack: z
    .string()
    .trim()
    .min(2, "Please specify the technology stack you're interested in.")
    .max(leadLimits.techStack, capped(leadLimits.techStack, 'Technology stack')),
})

export type LeadInput = z.infer<typeof leadSchema>

/** A lead as kept in the browser's `localStorage` under `leads` (newest first). */
export type StoredLead = LeadInput & { timestamp: string }
