import type { Logger } from 'pino'
import type { SupabaseClient } from '../../shared/data/client.ts'
import {
  claimOutboxJob,
  claimOutboxJobs,
  deleteFinishedOutboxJobs,
  finishOutboxJob,
  outboxWorkDue,
  type ClaimedJob,
  type FinishOutcome,
} from './outbox-jobs.ts'

/**
 * The one worker behind every outbox (lead mail, newsletter deliveries, and any queue added later). Each
 * thing owed is a job in `outbox_jobs`; every server instance runs a worker per queue that claims due jobs
 * with a lease in the database (`for update skip locked`), hands each to the queue's handler, and records the
 * outcome under the claim that made it. So several instances never work the same job at once while they are
 * healthy; a crashed holder's lease runs out and another instance (or this one after a restart) takes the job
 * over. A handler must therefore be safe to run again for a job whose earlier holder died half-way (check
 * what was already delivered first, and record each delivery the moment it is made).
 *
 * Failures are retried on the queue's back-off schedule until it gives up (after `maxAttempts` failed
 * attempts, or once the job is older than `maxAgeMs`), and then the job is marked failed.
 */

/** What a handler says about one attempt. A handler that throws asks for a retry with the error's message. */
export type JobResult<R = undefined> =
  | { outcome: 'done'; result?: R }
  | { outcome: 'retry'; error: string; result?: R; /** instead of the schedule's next wait */ at?: Date }
  | { outcome: 'failed'; error: string; result?: R }

export const done = <R>(result?: R): JobResult<R> => ({ outcome: 'done', result })
export const retry = <R>(error: string, result?: R): JobResult<R> => ({ outcome: 'retry', error, result })
export const failed = <R>(error: string, result?: R): JobResult<R> => ({ outcome: 'failed', error, result })

export type JobHandler<R> = (job: ClaimedJob) => Promise<JobResult<R>>

/** What one attempt came to once recorded (`retry` became `failed` when the queue gave up). */
export interface SettledJob<R> {
  job: ClaimedJob
  outcome: FinishOutcome['outcome']
  result?: R
}

export interface RunSummary<R> {
  /** Jobs handed to the handler. */
  processed: number
  done: number
  retried: number
  failed: number
  settled: SettledJob<R>[]
}

/** The back-off of lead mail and the newsletter: waits after the 1st, 2nd, 3rd, 4th failed attempt, then 6 hours. */
export const retryDelaysMs = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000, 6 * 60 * 60_000]

export interface QueueOptions<R> {
  /** The queue's name in `outbox_jobs.queue`. */
  queue: string
  /** The service-role client (created lazily: in local mode the backend URL is known only after listen). */
  client: () => SupabaseClient
  logger: Logger
  /** Delivers one claimed job. */
  handle: JobHandler<R>
  /** Waits after the 1st, 2nd, … failed attempt; every later one waits the last entry. */
  backoffMs: readonly number[]
  /** Failed attempts after which the job is given up. */
  maxAttempts?: number
  /** Age (from enqueueing) after which a failing job is given up. */
  maxAgeMs?: number
  /**
   * How long a claim lasts: far longer than one job can take, so only a holder that crashed lets it run out.
   * Past half of it no further job of a claimed batch is started (what is left is for the next holder).
   */
  leaseSeconds: number
  /** Jobs one claim takes at most. */
  batchSize: number
  /** Jobs of a batch worked at once (1: one after the other). */
  concurrency: number
  /** Jobs a minute across every instance (the queue's shared budget in the database); none: no limit. */
  perMinute?: number
  /** How often the timer looks for due jobs. */
  intervalMs: number
  /** How long `stop()` waits for jobs in flight (a hung remote must not hold a shutdown). */
  stopGraceMs?: number
  /** A test clock; without it the database's clock decides what is due and when a lease ends. */
  now?: () => Date
  /** Work the queue does after each run, on the timer too (e.g. the lead mail's digests). */
  afterRun?: () => Promise<unknown>
  /** How long a job that ended stays in `outbox_jobs` (default 30 days); swept hourly while started. */
  keepFinishedMs?: number
}

export interface LeasedWorker<R> {
  /**
   * Works every due job (every pending one with `ignoreSchedule`: "run now") within the budget, and resolves
   * when none is left. One run at a time per worker: a caller waits for the run under way (its counts are
   * included), then runs with its own options.
   */
  runDue(options?: { ignoreSchedule?: boolean }): Promise<RunSummary<R>>
  /**
   * Claims the job of `subjectId` now and works it with `handle` (default: the queue's handler). Null when
   * another holder has it or nothing is owed.
   */
  runOne(subjectId: string, handle?: JobHandler<R>): Promise<SettledJob<R> | null>
  /** Starts a run now unless one is under way (after something was enqueued on this instance). */
  kick(): void
  start(): void
  /** Stops the timer and waits (at most the grace) for the jobs in flight to be recorded. */
  stop(): Promise<void>
  /** Deletes this queue's jobs that ended longer than `keepFinishedMs` ago; how many. */
  deleteFinished(): Promise<number>
}

export const keepFinishedJobsMs = 30 * 24 * 60 * 60_000
const sweepEveryMs = 60 * 60_000

/** The wait after `failedAttempts` failed attempts on a schedule (the last entry repeats). */
export function backoffDelay(schedule: readonly number[], failedAttempts: number): number {
  return schedule[Math.min(Math.max(failedAttempts, 1), schedule.length) - 1]
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000)
const emptySummary = <R>(): RunSummary<R> => ({ processed: 0, done: 0, retried: 0, failed: 0, settled: [] })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function createLeasedWorker<R = undefined>(options: QueueOptions<R>): LeasedWorker<R> {
  const { queue, logger } = options
  const now = options.now ?? (() => new Date())
  const dbNow = () => (options.now ? options.now() : undefined)
  const inFlight = new Set<Promise<unknown>>()
  let timer: NodeJS.Timeout | null = null
  let sweeper: NodeJS.Timeout | null = null
  let running: Promise<RunSummary<R>> | null = null
  let stopping = false
  // With a budget, an empty claim while work is due means "wait for the next token".
  const budgetWaitMs = options.perMinute
    ? Math.min(1_000, Math.max(20, Math.round(60_000 / options.perMinute)))
    : 0

  /** The outcome to record: a retry becomes failed once the queue gives up. */
  function decide(job: ClaimedJob, result: JobResult<R>): FinishOutcome {
    if (result.outcome === 'done') return { outcome: 'done' }
    if (result.outcome === 'failed') return { outcome: 'failed', error: result.error }
    const attempts = job.attempts + 1
    const tooOld =
      options.maxAgeMs !== undefined &&
      now().getTime() - new Date(job.createdAt).getTime() >= options.maxAgeMs
    if ((options.maxAttempts !== undefined && attempts >= options.maxAttempts) || tooOld)
      return { outcome: 'failed', error: result.error }
    const nextAttemptAt = result.at ?? new Date(now().getTime() + backoffDelay(options.backoffMs, attempts))
    return { outcome: 'retry', error: result.error, nextAttemptAt }
  }

  /** Works one claimed job and records the outcome under its claim. */
  async function work(job: ClaimedJob, handle: JobHandler<R>): Promise<SettledJob<R>> {
    let result: JobResult<R>
    try {
      result = await handle(job)
    } catch (err) {
      result = retry(errorText(err))
    }
    const outcome = decide(job, result)
    if (outcome.outcome !== 'done') {
      const log = outcome.outcome === 'failed' ? logger.error.bind(logger) : logger.warn.bind(logger)
      log(
        {
          queue,
          job: job.id,
          subject: job.subjectId,
          attempts: job.attempts + 1,
          error: outcome.error,
          nextAttemptAt: outcome.outcome === 'retry' ? outcome.nextAttemptAt : null,
        },
        outcome.outcome === 'failed' ? 'delivery failed for good' : 'delivery failed; will retry',
      )
    }
    try {
      if (!(await finishOutboxJob(options.client(), job, outcome)))
        logger.warn({ queue, job: job.id }, 'the claim was taken over before the outcome was recorded')
    } catch (err) {
      // The lease runs out and the job is taken again: the handler finds what was delivered already.
      logger.error({ err, queue, job: job.id }, 'could not record the delivery')
    }
    return { job, outcome: outcome.outcome, result: result.result }
  }

  /** Keeps `stop()` aware of a job under way. */
  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise)
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined)
    return promise
  }

  async function workBatch(batch: ClaimedJob[], claimedAt: number, summary: RunSummary<R>) {
    const leaseUseMs = options.leaseSeconds * 1000 * 0.5
    let next = 0
    const lane = async () => {
      while (next < batch.length) {
        // The rest of the batch is left to its lease running out (another instance, or the next round).
        if (stopping || Date.now() - claimedAt > leaseUseMs) return
        const job = batch[next++]
        summary.processed++
        const settled = await track(work(job, options.handle))
        summary.settled.push(settled)
        if (settled.outcome === 'done') summary.done++
        else if (settled.outcome === 'retry') summary.retried++
        else summary.failed++
      }
    }
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, batch.length)) }, lane))
  }

  async function runOnce(runOptions: { ignoreSchedule?: boolean }): Promise<RunSummary<R>> {
    const summary = emptySummary<R>()
    while (!stopping) {
      const claimedAt = Date.now()
      const batch = await claimOutboxJobs(options.client(), {
        queue,
        limit: options.batchSize,
        leaseSeconds: options.leaseSeconds,
        ignoreSchedule: runOptions.ignoreSchedule,
        perMinute: options.perMinute,
        now: dbNow(),
      })
      if (batch.length === 0) {
        // Nothing claimed: nothing is owed, or the shared budget is spent for now.
        if (!options.perMinute) break
        if (!(await outboxWorkDue(options.client(), { queue, ...runOptions, now: dbNow() }))) break
        await sleep(budgetWaitMs)
        continue
      }
      await workBatch(batch, claimedAt, summary)
      // Without a budget a short batch means nothing more is due; with one, the budget may have cut it.
      if (!options.perMinute && batch.length < options.batchSize) break
    }
    if (options.afterRun && !stopping)
      await options.afterRun().catch((err: unknown) => logger.warn({ err, queue }, 'after-run work failed'))
    return summary
  }

  function begin(runOptions: { ignoreSchedule?: boolean }) {
    const run = runOnce(runOptions).finally(() => {
      if (running === run) running = null
    })
    running = run
    return run
  }

  const deleteFinished = () =>
    deleteFinishedOutboxJobs(
      options.client(),
      queue,
      new Date(now().getTime() - (options.keepFinishedMs ?? keepFinishedJobsMs)),
    )

  function kick() {
    if (running || stopping) return
    begin({}).catch((err: unknown) => logger.warn({ err, queue }, 'outbox run failed'))
  }

  return {
    async runDue(runOptions = {}) {
      const total = emptySummary<R>()
      const add = (s: RunSummary<R>) => {
        total.processed += s.processed
        total.done += s.done
        total.retried += s.retried
        total.failed += s.failed
        total.settled.push(...s.settled)
      }
      while (running) add(await running.catch(() => emptySummary<R>()))
      add(await begin(runOptions))
      return total
    },
    runOne(subjectId, handle = options.handle) {
      return track(
        (async () => {
          const job = await claimOutboxJob(options.client(), {
            queue,
            subjectId,
            leaseSeconds: options.leaseSeconds,
            now: dbNow(),
          })
          return job ? work(job, handle) : null
        })(),
      )
    },
    kick,
    deleteFinished,
    start() {
      if (timer) return
      stopping = false
      timer = setInterval(kick, options.intervalMs)
      timer.unref()
      const sweep = () =>
        void deleteFinished().catch((err: unknown) =>
          logger.warn({ err, queue }, 'could not delete finished jobs'),
        )
      sweeper = setInterval(sweep, sweepEveryMs)
      sweeper.unref()
      sweep()
    },
    async stop() {
      stopping = true
      if (timer) clearInterval(timer)
      if (sweeper) clearInterval(sweeper)
      timer = null
      sweeper = null
      // Jobs in flight finish and record their outcome, unless a remote hangs: then they are cut off, and
      // their leases running out hand them to the next instance (or the next start).
      const settled = Promise.allSettled([running, ...inFlight])
      let grace: NodeJS.Timeout | undefined
      await Promise.race([
        settled,
        new Promise((resolve) => (grace = setTimeout(resolve, options.stopGraceMs ?? 5_000))),
      ])
      clearTimeout(grace)
    },
  }
}
