import { z } from 'zod'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { callRpc, callRpcForRow, camelKeys } from '../../shared/data/results.ts'

/**
 * The `outbox_jobs` table (`supabase/migrations/20261204090000_one_outbox.sql`): the only module that reads or
 * writes it. Only the server (service role) may; every call goes through the SQL functions that keep the
 * claim rules in one place. Every function throws a `DataError` on a Supabase error.
 */

const jobRow = z.object({
  id: z.string(),
  queue: z.string(),
  subject_id: z.string(),
  status: z.enum(['pending', 'done', 'failed']),
  attempts: z.coerce.number(),
  next_attempt_at: z.string().nullable(),
  claimed_until: z.string().nullable(),
  claim_token: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
})

export type OutboxJobStatus = 'pending' | 'done' | 'failed'

export interface OutboxJob {
  id: string
  queue: string
  /** The row the job delivers (a lead, a newsletter delivery, …). */
  subjectId: string
  status: OutboxJobStatus
  /** Failed attempts so far. */
  attempts: number
  nextAttemptAt: string | null
  claimedUntil: string | null
  claimToken: string | null
  lastError: string | null
  /** When it was (last) enqueued. */
  createdAt: string
}

/** A job this caller holds: its claim token finishes it. */
export type ClaimedJob = OutboxJob & { claimToken: string; claimedUntil: string }

const toJob = (row: unknown): OutboxJob => camelKeys(jobRow.parse(row))
const toClaimed = (row: unknown) => toJob(row) as ClaimedJob

/**
 * Owes a delivery of `subjectId` on `queue` from `at` (now). Prefer enqueueing inside the transaction that
 * writes the subject (`public.enqueue_outbox_job` from a trigger or function); this call is for subjects
 * that already exist. A job still pending keeps its place; a finished one starts over.
 * @internal (the product enqueues in SQL, in the subject's own transaction; tests enqueue here)
 */
export async function enqueueOutboxJob(
  client: SupabaseClient,
  queue: string,
  subjectId: string,
  at?: Date,
): Promise<string> {
  const data = await callRpc(
    client,
    'enqueue_outbox_job',
    {
      p_queue: queue,
      p_subject_id: subjectId,
      p_at: at?.toISOString() ?? null,
    },
    'queue the delivery',
  )
  return z.string().parse(data)
}

/**
 * Claims up to `limit` due jobs of `queue` (every pending one with `ignoreSchedule`) with a lease, skipping
 * those another instance holds; with `perMinute`, within the queue's budget shared by every instance. `now`
 * only for tests that drive the clock; otherwise the database's clock decides.
 */
export async function claimOutboxJobs(
  client: SupabaseClient,
  options: {
    queue: string
    limit: number
    leaseSeconds: number
    ignoreSchedule?: boolean
    perMinute?: number
    now?: Date
  },
): Promise<ClaimedJob[]> {
  const data = await callRpc(
    client,
    'claim_outbox_jobs',
    {
      p_queue: options.queue,
      p_limit: options.limit,
      p_lease_seconds: options.leaseSeconds,
      p_ignore_schedule: options.ignoreSchedule ?? false,
      p_now: options.now?.toISOString() ?? null,
      p_per_minute: options.perMinute ?? null,
    },
    'claim the jobs due',
  )
  return ((data ?? []) as unknown[]).map(toClaimed)
}

/** Claims the one job of `subjectId` now, whatever its schedule; null when another holds it or none is owed. */
export async function claimOutboxJob(
  client: SupabaseClient,
  options: { queue: string; subjectId: string; leaseSeconds: number; now?: Date },
): Promise<ClaimedJob | null> {
  return callRpcForRow(
    client,
    'claim_outbox_job',
    {
      p_queue: options.queue,
      p_subject_id: options.subjectId,
      p_lease_seconds: options.leaseSeconds,
      p_now: options.now?.toISOString() ?? null,
    },
    'claim the job',
    toClaimed,
  )
}

export type FinishOutcome =
  | { outcome: 'done' }
  | { outcome: 'retry'; error: string; nextAttemptAt: Date }
  | { outcome: 'failed'; error: string }

/** Records one attempt's outcome under its claim and releases it; false when the claim was taken over. */
export async function finishOutboxJob(
  client: SupabaseClient,
  job: { id: string; claimToken: string },
  result: FinishOutcome,
): Promise<boolean> {
  const data = await callRpc(
    client,
    'finish_outbox_job',
    {
      p_id: job.id,
      p_claim_token: job.claimToken,
      p_outcome: result.outcome,
      p_error: result.outcome === 'done' ? null : result.error,
      p_next_attempt_at: result.outcome === 'retry' ? result.nextAttemptAt.toISOString() : null,
    },
    'record the delivery',
  )
  return data === true
}

/** Deletes the jobs of `queue` that ended before `before`; how many. */
export async function deleteFinishedOutboxJobs(
  client: SupabaseClient,
  queue: string,
  before: Date,
): Promise<number> {
  const data = await callRpc(
    client,
    'delete_finished_outbox_jobs',
    {
      p_queue: queue,
      p_before: before.toISOString(),
    },
    'delete finished jobs',
  )
  return typeof data === 'number' ? data : 0
}

/** Whether a job of `queue` is owed now and free to claim (claimed or not by the budget). */
export async function outboxWorkDue(
  client: SupabaseClient,
  options: { queue: string; ignoreSchedule?: boolean; now?: Date },
): Promise<boolean> {
  const data = await callRpc(
    client,
    'outbox_work_due',
    {
      p_queue: options.queue,
      p_ignore_schedule: options.ignoreSchedule ?? false,
      p_now: options.now?.toISOString() ?? null,
    },
    'look for jobs due',
  )
  return data === true
}
