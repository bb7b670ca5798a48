import { randomUUID } from 'node:crypto'
import pino from 'pino'
import { beforeAll, describe, expect, it } from 'vitest'
import { createLeasedWorker, done, failed, retry, type JobHandler } from '../../server/jobs/leased-worker.ts'
import {
  claimOutboxJob,
  claimOutboxJobs,
  enqueueOutboxJob,
  finishOutboxJob,
} from '../../server/jobs/outbox-jobs.ts'
import { serviceClient } from '../../server/supabase-clients.ts'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { getOutboxJob } from '../support/lead-deliveries.ts'
import { useTestServer } from '../support/use-test-server.ts'

// The one outbox (supabase/migrations/20261204090000_one_outbox.sql and server/jobs/): what the claim, the
// lease, the finish and the shared budget promise, against the real embedded backend through supabase-js.

const server = useTestServer()
let client: SupabaseClient
const logger = pino({ level: 'silent' })
const queueName = () => `test-${randomUUID().slice(0, 8)}`
const at = (iso: string, seconds: number) => new Date(new Date(iso).getTime() + seconds * 1000)

beforeAll(() => {
  client = serviceClient(server.ctx)
})

describe('outbox jobs in the database', () => {
  it('a job enqueued in a transaction that rolls back is not there; one that commits is', async () => {
    const db = server.ctx.localSupabase!.db
    const queue = queueName()
    const [kept, dropped] = [randomUUID(), randomUUID()]
    await db
      .transaction(async (tx) => {
        await tx.query('select public.enqueue_outbox_job($1, $2, null)', [queue, dropped])
        throw new Error('the subject could not be stored')
      })
      .catch(() => undefined)
    await db.transaction((tx) => tx.query('select public.enqueue_outbox_job($1, $2, null)', [queue, kept]))
    expect(await getOutboxJob(client, queue, dropped)).toBeNull()
    expect(await getOutboxJob(client, queue, kept)).toMatchObject({ status: 'pending', attempts: 0 })
  })

  it('a lead and its delivery job are stored in one transaction, due when the lead says', async () => {
    const db = server.ctx.localSupabase!.db
    const insert = `insert into public.leads (name, email, phone, requirement, tech_stack, next_attempt_at)
                    values ('Asha Verma', $1, '+91 98450 00000', 'A team', 'Go', now() + interval '1 minute')
                    returning id::text as id, next_attempt_at`
    const email = `one-transaction-${randomUUID()}@example.com`
    // The lead's insert fails after the row went in (the transaction rolls back): no job either.
    await db
      .transaction(async (tx) => {
        await tx.query(insert, [email])
        throw new Error('the request died before its commit')
      })
      .catch(() => undefined)
    const { rows: none } = await db.query(
      `select 1 from public.outbox_jobs j join public.leads l on l.id = j.subject_id where l.email = $1`,
      [email],
    )
    expect(none).toEqual([])
    const { rows } = await db.query<{ id: string; next_attempt_at: Date }>(insert, [email])
    const job = await getOutboxJob(client, 'lead-mail', rows[0].id)
    expect(job).toMatchObject({ status: 'pending', attempts: 0, claimToken: null })
    expect(new Date(job!.nextAttemptAt!).getTime()).toBe(new Date(rows[0].next_attempt_at).getTime())
  })

  it('one holder at a time: a lease keeps others out until it runs out, and only its claim finishes the job', async () => {
    const queue = queueName()
    const subject = randomUUID()
    await enqueueOutboxJob(client, queue, subject)
    const [a, b] = await Promise.all([
      claimOutboxJobs(client, { queue, limit: 5, leaseSeconds: 60 }),
      claimOutboxJobs(client, { queue, limit: 5, leaseSeconds: 60 }),
    ])
    expect(a.length + b.length).toBe(1)
    const first = [...a, ...b][0]
    expect(await claimOutboxJob(client, { queue, subjectId: subject, leaseSeconds: 60 })).toBeNull()

    // The holder crashed: once its lease has run out, another takes the job over under a new claim.
    const later = at(first.claimedUntil, 1)
    const second = await claimOutboxJob(client, { queue, subjectId: subject, leaseSeconds: 60, now: later })
    expect(second?.claimToken).toBeDefined()
    expect(second!.claimToken).not.toBe(first.claimToken)
    expect(await finishOutboxJob(client, first, { outcome: 'done' })).toBe(false)
    expect(await finishOutboxJob(client, second!, { outcome: 'done' })).toBe(true)
    expect(await getOutboxJob(client, queue, subject)).toMatchObject({
      status: 'done',
      claimToken: null,
      nextAttemptAt: null,
    })
    // Done is done: neither claim takes it again.
    expect(
      await claimOutboxJobs(client, { queue, limit: 5, leaseSeconds: 60, ignoreSchedule: true }),
    ).toEqual([])
  })

  it('a retry counts the attempt and waits for its time; a failure gives up; enqueueing again starts over', async () => {
    const queue = queueName()
    const subject = randomUUID()
    await enqueueOutboxJob(client, queue, subject)
    const [job] = await claimOutboxJobs(client, { queue, limit: 1, leaseSeconds: 60 })
    const next = new Date(Date.now() + 3_600_000)
    await finishOutboxJob(client, job, { outcome: 'retry', error: 'SMTP down', nextAttemptAt: next })
    expect(await getOutboxJob(client, queue, subject)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'SMTP down',
    })
    expect(await claimOutboxJobs(client, { queue, limit: 1, leaseSeconds: 60 })).toEqual([])
    const [again] = await claimOutboxJobs(client, { queue, limit: 1, leaseSeconds: 60, ignoreSchedule: true })
    await finishOutboxJob(client, again, { outcome: 'failed', error: 'refused' })
    expect(await getOutboxJob(client, queue, subject)).toMatchObject({ status: 'failed', attempts: 2 })

    await enqueueOutboxJob(client, queue, subject)
    expect(await getOutboxJob(client, queue, subject)).toMatchObject({
      status: 'pending',
      attempts: 0,
      lastError: null,
    })
  })

  it('bad input is refused with a clear message, not a server error', async () => {
    const finish = await client.rpc('finish_outbox_job', {
      p_id: randomUUID(),
      p_claim_token: randomUUID(),
      p_outcome: 'maybe',
      p_error: null,
      p_next_attempt_at: null,
    })
    expect(finish.error).toMatchObject({
      code: '22023',
      message: 'The outcome must be done, retry or failed.',
    })
    const claim = await client.rpc('claim_outbox_jobs', {
      p_queue: 'x',
      p_limit: 1,
      p_lease_seconds: 0,
      p_ignore_schedule: false,
      p_now: null,
    })
    expect(claim.error).toMatchObject({ code: '22023' })
  })

  it('a per-minute budget is shared by every claim of the queue', async () => {
    const queue = queueName()
    for (let i = 0; i < 5; i++) await enqueueOutboxJob(client, queue, randomUUID())
    // 60 a minute: the bucket holds one second's worth (one job), so two claims at once get one between them.
    const claims = await Promise.all(
      [1, 2].map(() => claimOutboxJobs(client, { queue, limit: 5, leaseSeconds: 60, perMinute: 60 })),
    )
    expect(claims.flat().length).toBe(1)
  })
})

describe('the leased worker', () => {
  function worker(
    queue: string,
    handle: JobHandler<string>,
    extra: { maxAttempts?: number; maxAgeMs?: number; keepFinishedMs?: number } = {},
  ) {
    return createLeasedWorker<string>({
      queue,
      client: () => client,
      logger,
      handle,
      backoffMs: [60_000, 300_000],
      leaseSeconds: 60,
      batchSize: 3,
      concurrency: 2,
      intervalMs: 60_000,
      ...extra,
    })
  }

  it('works every due job, retries on the schedule and gives up after its attempts', async () => {
    const queue = queueName()
    const subjects = [randomUUID(), randomUUID(), randomUUID(), randomUUID()]
    for (const s of subjects) await enqueueOutboxJob(client, queue, s)
    const flaky = subjects[0]
    const broken = subjects[1]
    const w = worker(
      queue,
      async (job) => {
        if (job.subjectId === broken) throw new Error('always down')
        if (job.subjectId === flaky && job.attempts === 0) return retry('down once')
        return done(job.subjectId)
      },
      { maxAttempts: 2 },
    )
    const first = await w.runDue()
    expect(first).toMatchObject({ processed: 4, done: 2, retried: 2, failed: 0 })
    const waiting = await getOutboxJob(client, queue, flaky)
    const wait = new Date(waiting!.nextAttemptAt!).getTime() - Date.now()
    expect(wait).toBeGreaterThan(50_000)
    expect(wait).toBeLessThanOrEqual(60_000)
    expect((await w.runDue()).processed).toBe(0)
    expect(await w.runDue({ ignoreSchedule: true })).toMatchObject({ processed: 2, done: 1, failed: 1 })
    expect(await getOutboxJob(client, queue, broken)).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: 'always down',
    })
  })

  it('deletes the jobs that ended longer ago than it keeps them, and never one still owed', async () => {
    const queue = queueName()
    const [ok, broken, owed] = [randomUUID(), randomUUID(), randomUUID()]
    for (const s of [ok, broken]) await enqueueOutboxJob(client, queue, s)
    const w = worker(queue, async (job) => (job.subjectId === ok ? done() : failed('refused')), {
      keepFinishedMs: 0,
    })
    expect(await w.runDue()).toMatchObject({ done: 1, failed: 1 })
    await enqueueOutboxJob(client, queue, owed)
    expect(await worker(queue, async () => done()).deleteFinished()).toBe(0)
    expect(await w.deleteFinished()).toBe(2)
    expect(await getOutboxJob(client, queue, ok)).toBeNull()
    expect(await getOutboxJob(client, queue, broken)).toBeNull()
    expect(await getOutboxJob(client, queue, owed)).toMatchObject({ status: 'pending' })
  })

  it('gives up a failing job once it is older than the queue allows', async () => {
    const queue = queueName()
    const subject = randomUUID()
    await enqueueOutboxJob(client, queue, subject)
    const w = worker(queue, async () => retry('down'), { maxAgeMs: 0 })
    expect(await w.runDue()).toMatchObject({ processed: 1, failed: 1 })
    expect(await getOutboxJob(client, queue, subject)).toMatchObject({ status: 'failed', attempts: 1 })
  })

  it('runOne delivers one subject now, and not while another holds it', async () => {
    const queue = queueName()
    const subject = randomUUID()
    await enqueueOutboxJob(client, queue, subject, new Date(Date.now() + 3_600_000))
    let release: () => void = () => undefined
    const w = worker(queue, () => new Promise((resolve) => (release = () => resolve(done('sent')))))
    const running = w.runOne(subject)
    await expect.poll(async () => (await getOutboxJob(client, queue, subject))?.claimToken).not.toBeNull()
    expect(await w.runOne(subject)).toBeNull()
    release()
    expect(await running).toMatchObject({ outcome: 'done', result: 'sent' })
    expect(await w.runOne(subject)).toBeNull()
  })

  it('stop waits for a job in flight only as long as its grace, and the lease hands the job on', async () => {
    const queue = queueName()
    const subject = randomUUID()
    await enqueueOutboxJob(client, queue, subject)
    const hung = createLeasedWorker({
      queue,
      client: () => client,
      logger,
      handle: () => new Promise<never>(() => undefined),
      backoffMs: [1_000],
      leaseSeconds: 30,
      batchSize: 1,
      concurrency: 1,
      intervalMs: 60_000,
      stopGraceMs: 200,
    })
    hung.kick()
    await expect.poll(async () => (await getOutboxJob(client, queue, subject))?.claimToken).not.toBeNull()
    const started = Date.now()
    await hung.stop()
    expect(Date.now() - started).toBeLessThan(2_000)
    const held = await getOutboxJob(client, queue, subject)
    const next = worker(queue, async () => done('taken over'))
    const taken = await claimOutboxJobs(client, {
      queue,
      limit: 1,
      leaseSeconds: 60,
      now: at(held!.claimedUntil!, 1),
    })
    expect(taken).toHaveLength(1)
    await finishOutboxJob(client, taken[0], { outcome: 'done' })
    expect((await next.runDue({ ignoreSchedule: true })).processed).toBe(0)
  })

  it('a failure the handler names is not retried', async () => {
    const queue = queueName()
    await enqueueOutboxJob(client, queue, randomUUID())
    expect(await worker(queue, async () => failed('address refused')).runDue()).toMatchObject({ failed: 1 })
  })
})
