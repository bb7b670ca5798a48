/**
 * What the server renders /get-started with after the form was posted without JavaScript (server/web/lead-form.ts):
 * the form again with the visitor's values and the spec's field messages, or the confirmation. The browser
 * reads the same data when it hydrates that page. No zod here: this module is on the page's first load.
 */

/** Where the form posts without JavaScript (server/web/lead-form.ts): the page itself. */
export const leadFormAction = '/get-started'

/** Spec §4 step 6 fallback, shown when the failure has no message of its own. */
export const submitFallbackMessage = 'Please try again later or contact us directly.'

/**
 * The five fields of spec §2, in order; also the form's `name` attributes. Written here (no zod on the page's
 * first load); `leadSchema` (shared/schemas/lead.ts) must have exactly these fields, which the compiler checks.
 */
export const leadFieldNames = ['name', 'email', 'phone', 'requirement', 'techStack'] as const

export type LeadFieldName = (typeof leadFieldNames)[number]

export type LeadFormValues = Record<LeadFieldName, string>

export const emptyLeadValues = Object.fromEntries(leadFieldNames.map((name) => [name, ''])) as LeadFormValues

export type LeadFormPageData =
  /** Not taken: the values as sent, a message per failed field, and a message for the alert above the card. */
  | {
      status: 'invalid'
      values: LeadFormValues
      errors: Partial<Record<LeadFieldName, string>>
      message?: string
    }
  /** Taken: whose request it was (first name) and whether both emails went out. */
  | { status: 'submitted'; firstName: string; emailed: boolean }

/** The greeting's name: the first word of the name as typed. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? ''
}

/** The posted values of the five fields (strings only, anything else counts as empty). */
export function leadValuesOf(fields: Record<string, unknown>): LeadFormValues {
  const values = { ...emptyLeadValues }
  for (const name of leadFieldNames) {
    const value = fields[name]
    if (typeof value === 'string') values[name] = value
  }
  return values
}
