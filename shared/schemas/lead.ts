import { z } from 'zod'
import { leadFieldNames, type LeadFieldName } from '../lib/lead-form.ts'
import { typedText } from './text.ts'

/** Server-side caps: far above anything a real person types (the spec sets no maximums). */
const leadLimits = {
  name: 200,
  email: 254,
  phone: 40,
  requirement: 5000,
  techStack: 500,
} as const satisfies Record<LeadFieldName, number>

const capped = (max: number, label: string) => `${label} must be at most ${max} characters.`

/**
 * The lead form's rules, word for word from spec §5. Used by the form and by `POST /api/leads`. Every field
 * is typed text: NFC, no control characters or broken characters (refused with a message for the field).
 */
export const leadSchema = z.object({
  name: typedText('Name must be at least 2 characters.')
    .trim()
    .min(2, 'Name must be at least 2 characters.')
    .max(leadLimits.name, capped(leadLimits.name, 'Name')),
  email: typedText('Please enter a valid email.')
    .trim()
    .max(leadLimits.email, capped(leadLimits.email, 'Email'))
    .pipe(z.email('Please enter a valid email.')),
  phone: typedText('Please enter a valid phone number with country code.')
    .trim()
    .min(10, 'Please enter a valid phone number with country code.')
    .max(leadLimits.phone, capped(leadLimits.phone, 'Phone number')),
  requirement: typedText('Please describe your requirement in at least 10 characters.')
    .trim()
    .min(10, 'Please describe your requirement in at least 10 characters.')
    .max(leadLimits.requirement, capped(leadLimits.requirement, 'Requirement')),
  techStack: typedText("Please specify the technology stack you're interested in.")
    .trim()
    .min(2, "Please specify the technology stack you're interested in.")
    .max(leadLimits.techStack, capped(leadLimits.techStack, 'Technology stack')),
  // Exactly the form's fields (`leadFieldNames`): a field added to one and not the other fails to compile.
} satisfies Record<LeadFieldName, z.ZodType>)

export type LeadInput = z.infer<typeof leadSchema>

type Snake<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${Snake<Tail>}`
  : S
/** The `leads` column of each form field (`techStack` → `tech_stack`). */
export type LeadFieldColumn = Snake<LeadFieldName>
const columnOf = (field: LeadFieldName) =>
  field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) as LeadFieldColumn

/** A lead's fields under their column names, for storing it. */
export const leadFieldRow = (lead: LeadInput) =>
  Object.fromEntries(leadFieldNames.map((field) => [columnOf(field), lead[field]])) as Record<
    LeadFieldColumn,
    string
  >

/** The form's fields of a stored lead (what the sales notification and the webhook list). */
export const leadFieldsOf = (lead: LeadInput) =>
  Object.fromEntries(leadFieldNames.map((field) => [field, lead[field]])) as LeadInput

const leadFieldColumnsShape = Object.fromEntries(
  leadFieldNames.map((field) => [columnOf(field), z.string()]),
) as Record<LeadFieldColumn, z.ZodString>

/** A lead as kept in the browser's `localStorage` under `leads` (newest first). */
export type StoredLead = LeadInput & { timestamp: string }

/** `POST /api/leads` answer. */
export const leadSubmissionResultSchema = z.object({
  leadId: z.string(),
  confirmationSent: z.boolean(),
  notificationSent: z.boolean(),
})

export type LeadSubmissionResult = z.infer<typeof leadSubmissionResultSchema>

/** Idempotency keys are client-generated (UUIDs in practice); this bounds what we store and index. */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8, 'Idempotency key must be at least 8 characters.')
  .max(200, 'Idempotency key must be at most 200 characters.')
  .regex(/^[A-Za-z0-9._:-]+$/, 'Idempotency key may contain only letters, digits and . _ : -')

const timestamp = z.string().nullable()

/** A row of the `leads` table (server-stored lead and its email outbox state), parsed into product words. */
/** Where a lead stands in the sales pipeline. */
export const leadStatuses = ['new', 'contacted', 'qualified', 'won', 'lost'] as const
export type LeadStatus = (typeof leadStatuses)[number]
export const leadStatusLabels: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  won: 'Won',
  lost: 'Lost',
}

/** What editors may change on a lead (the database grants only these columns). */
export const leadUpdateSchema = z
  .object({
    status: z.enum(leadStatuses, { message: 'Choose a status.' }),
    notes: typedText().max(10_000, 'Notes must be at most 10,000 characters.'),
    ownerId: z.string().uuid().nullable(),
  })
  .partial()
export type LeadUpdate = z.infer<typeof leadUpdateSchema>

export const leadRecordSchema = z
  .object({
    id: z.string(),
    ...leadFieldColumnsShape,
    idempotency_key: z.string().nullable().optional(),
    created_at: z.string(),
    confirmation_sent_at: timestamp.optional(),
    confirmation_skipped_at: timestamp.optional(),
    notification_sent_at: timestamp.optional(),
    notification_held_until: timestamp.optional(),
    attempts: z.number().int().nullable().optional(),
    last_error: z.string().nullable().optional(),
    next_attempt_at: timestamp.optional(),
    claim_token: z.string().nullable().optional(),
    status: z.enum(leadStatuses).optional(),
    notes: z.string().nullable().optional(),
    owner_id: z.string().nullable().optional(),
    landing_path: z.string().nullable().optional(),
    referrer_host: z.string().nullable().optional(),
    utm_source: z.string().nullable().optional(),
    utm_medium: z.string().nullable().optional(),
    utm_campaign: z.string().nullable().optional(),
  })
  .transform((row) => ({
    id: row.id,
    ...(Object.fromEntries(leadFieldNames.map((field) => [field, row[columnOf(field)]])) as LeadInput),
    idempotencyKey: row.idempotency_key ?? null,
    createdAt: row.created_at,
    confirmationSentAt: row.confirmation_sent_at ?? null,
    /** Set when the hourly cap on confirmation mail held the visitor's confirmation back (not owed). */
    confirmationSkippedAt: row.confirmation_skipped_at ?? null,
    notificationSentAt: row.notification_sent_at ?? null,
    /**
     * Set when the hourly cap on sales notifications held the notification back: from then on it is owed in
     * a digest to sales (`notificationSentAt` is set once the digest has gone out).
     */
    notificationHeldUntil: row.notification_held_until ?? null,
    attempts: row.attempts ?? 0,
    lastError: row.last_error ?? null,
    nextAttemptAt: row.next_attempt_at ?? null,
    /** The delivery lease this row was read under (set only on rows a claim returned). */
    claimToken: row.claim_token ?? null,
    status: row.status ?? 'new',
    notes: row.notes ?? '',
    /** The editor or administrator working the lead (null: nobody yet). */
    ownerId: row.owner_id ?? null,
    /** Where the visitor came from: the first page of the visit, its referrer host and UTM fields. */
    source: {
      landingPath: row.landing_path ?? null,
      referrerHost: row.referrer_host ?? null,
      utmSource: row.utm_source ?? null,
      utmMedium: row.utm_medium ?? null,
      utmCampaign: row.utm_campaign ?? null,
    },
  }))

export type LeadRecord = z.output<typeof leadRecordSchema>

/** The two emails each lead triggers. */
export type LeadEmailKind = 'confirmation' | 'notification'
