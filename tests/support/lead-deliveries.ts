import type { OutboxJob } from '../../server/jobs/outbox-jobs.ts'
import { leadMail } from '../../server/mail/outbox.ts'
import { brand } from '../../shared/config/brand.ts'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { camelKeys } from '../../shared/data/results.ts'
import type { TestSmtpServer } from './smtp.ts'

/**
 * What a real SMTP server received for one visitor's lead, counted by envelope recipient (where each
 * message was delivered, not what its headers say): confirmations delivered to the visitor, and
 * notifications delivered to the sales inbox that answer to the visitor (Reply-To tells the leads apart).
 */
export function leadMailCounts(smtp: TestSmtpServer, visitor: string) {
  const address = visitor.toLowerCase()
  return {
    confirmations: smtp.received.filter((m) => m.envelopeTo.includes(address)).length,
    notifications: smtp.received.filter(
      (m) => m.envelopeTo.includes(brand.salesEmail) && m.replyTo.toLowerCase() === address,
    ).length,
  }
}

/**
 * A lead's delivery state as the outbox sees it, read with the service role: the lead's sent emails, and its
 * job in the one outbox (queue `lead-mail`: attempts, schedule, claim).
 */
export interface LeadDeliveryRow {
  id: string
  email: string
  attempts: number
  next_attempt_at: string | null
  claimed_until: string | null
  claim_token: string | null
  confirmation_sent_at: string | null
  notification_sent_at: string | null
}

/** The stored leads of one visitor (service role), each with its delivery job's state. */
export async function leadRowsOf(service: SupabaseClient, visitor: string): Promise<LeadDeliveryRow[]> {
  const { data, error } = await service
    .from('leads')
    .select('id, email, confirmation_sent_at, notification_sent_at')
    .eq('email', visitor)
  if (error) throw new Error(`reading the leads of ${visitor}: ${error.message}`)
  const leads = data as Pick<
    LeadDeliveryRow,
    'id' | 'email' | 'confirmation_sent_at' | 'notification_sent_at'
  >[]
  if (leads.length === 0) return []
  const jobs = await service
    .from('outbox_jobs')
    .select('subject_id, attempts, next_attempt_at, claimed_until, claim_token')
    .eq('queue', leadMail.queue)
    .in(
      'subject_id',
      leads.map((l) => l.id),
    )
  if (jobs.error) throw new Error(`reading the delivery jobs of ${visitor}: ${jobs.error.message}`)
  const jobOf = new Map(
    (
      jobs.data as (Pick<
        LeadDeliveryRow,
        'attempts' | 'next_attempt_at' | 'claimed_until' | 'claim_token'
      > & {
        subject_id: string
      })[]
    ).map((j) => [j.subject_id, j]),
  )
  return leads.map((lead) => {
    const job = jobOf.get(lead.id)
    return {
      ...lead,
      attempts: job?.attempts ?? 0,
      next_attempt_at: job?.next_attempt_at ?? null,
      claimed_until: job?.claimed_until ?? null,
      claim_token: job?.claim_token ?? null,
    }
  })
}

const earlier = (at: string | null, seconds: number) =>
  at === null ? null : new Date(new Date(at).getTime() - seconds * 1000).toISOString()

/**
 * Lets `seconds` pass for one lead: its delivery job's schedule and lease move that far into the past, which
 * is what the database's clock moving forward would do to them (the outbox compares them with the database's
 * clock). The clock is the one thing these tests fake; everything else runs as in production.
 */
export async function letTimePassForLead(
  service: SupabaseClient,
  lead: LeadDeliveryRow,
  seconds: number,
): Promise<void> {
  const update = service
    .from('outbox_jobs')
    .update({
      next_attempt_at: earlier(lead.next_attempt_at, seconds),
      claimed_until: earlier(lead.claimed_until, seconds),
    })
    .eq('queue', leadMail.queue)
    .eq('subject_id', lead.id)
  // Only the state that was read: a claim taken since then is left alone.
  const { data, error } = await (
    lead.claim_token === null ? update.is('claim_token', null) : update.eq('claim_token', lead.claim_token)
  ).select('id')
  if (error) throw new Error(`moving the clock for lead ${lead.id}: ${error.message}`)
  if (data.length !== 1) throw new Error(`lead ${lead.id} changed before its clock could be moved`)
}

/** The job of a subject on a queue in the one outbox, or null (service role). */
export async function getOutboxJob(service: SupabaseClient, queue: string, subjectId: string) {
  const job = service.from('outbox_jobs').select().match({ queue, subject_id: subjectId })
  const { data, error } = await job.maybeSingle()
  if (error) throw new Error(`reading the job of ${subjectId} on ${queue}: ${error.message}`)
  return data ? (camelKeys(data) as unknown as OutboxJob) : null
}
