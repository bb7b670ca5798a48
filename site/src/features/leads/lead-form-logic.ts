import { zodResolver } from '@hookform/resolvers/zod'
import { leadSchema } from '@shared/schemas/lead.ts'

/**
 * The parts of the lead form that need zod (the shared schema) or sonner: loaded when the visitor first
 * focuses the form, so /get-started's first load carries neither. Each rule and message lives only in
 * `shared/schemas/lead.ts`; the server checks the same schema.
 */
export const leadResolver = zodResolver(leadSchema)

export { toast } from 'sonner'
export { newIdempotencyKey, submitLead } from './submit-lead.ts'
