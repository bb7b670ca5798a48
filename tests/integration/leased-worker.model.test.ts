import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import pino from 'pino'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  createLeasedWorker,
  done,
  failed,
  retry,
  type JobResult,
  type LeasedWorker,
} from '../../server/jobs/leased-worker.ts'
import { enqueueOutboxJob, type ClaimedJob } from '../../server/jobs/outbox-jobs.ts'
import { serviceClient } from '../../server/supabase-clients.ts'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { useTestServer } from '../support/use-test-server.ts'

/**
 * A model-based test of the one outbox worker: three worker slots (instances) on one database, random jobs,
 * random handler failures (passing and for good), runs one at a time and all at once, instances killed while
 * they hold jobs (before or after the delivery itself, so their leases are abandoned), restarts, and the clock
 * moving on. The clock is the test's (every worker and claim takes it), so leases run out when the test says.
 * Afterwards time passes until nothing is pending, and:
 * - every enqueued job ended done or failed; failed only after its last scheduled attempt (or a failure for
 *   good), and never an attempt before its time;
 * - no job was in two live holders' hands at once, and none was delivered twice (handlers check what was
 *   delivered first, as every queue's handler must);
 * - nothing acknowledged was lost: a delivered job is done.
 * Set OUTBOX_MODEL_SEED to replay a failure.
 */
const seed = Number(process.env.OUTBOX_MODEL_SEED ?? 20261204)
const numRuns = 20
const maxAttempts = 3
const backoffMs = [10_000, 20_000]
const leaseSeconds = 30

type Plan = 'ok' | 'fail' | 'refused'
type Command =
  | { kind: 'enqueue'; plans: Plan[][] }
  | { kind: 'run'; slot: number; ignoreSchedule: boolean }
  | { kind: 'together' }
  | { kind: 'kill'; slot: number; afterDelivery: boolean }
  | { kind: 'restart'; slot: number }
  | { kind: 'advance'; seconds: number }

const plan = fc.array(fc.constantFrom<Plan>('ok', 'ok', 'fail', 'refused'), {
  minLength: maxAttempts,
  maxLength: maxAttempts,
})
const slot = fc.integer({ min: 0, max: 2 })
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('enqueue' as const), plans: fc.array(plan, { minLength: 1, maxLength: 4 }) }),
  fc.record({ kind: fc.constant('run' as const), slot, ignoreSchedule: fc.boolean() }),
  fc.record({ kind: fc.constant('together' as const) }),
  fc.record({ kind: fc.constant('kill' as const), slot, afterDelivery: fc.boolean() }),
  fc.record({ kind: fc.constant('restart' as const), slot }),
  fc.record({ kind: fc.constant('advance' as const), seconds: fc.integer({ min: 1, max: 90 }) }),
)

const server = useTestServer()
let client: SupabaseClient
const logger = pino({ level: 'silent' })

beforeAll(() => {
  client = serviceClient(server.ctx)
})

/** One case: its own queue, clock, instances and record of what happened. */
function world() {
  const queue = `model-${randomUUID().slice(0, 8)}`
  let clock = Date.now()
  const plans = new Map<string, Plan[]>()
  const delivered = new Map<string, number>()
  /** Which live instance holds each job in its handler now. */
  const active = new Map<string, number>()
  const violations: string[] = []
  let generation = 0
  let ignoringSchedule = false

  interface Instance {
    id: number
    worker: LeasedWorker<undefined>
    dead: boolean
    /** Set while this instance is to die at its next delivery. */
    dying: null | { afterDelivery: boolean; reached: () => void }
  }

  const never = new Promise<never>(() => undefined)
  function instance(): Instance {
    const self: Instance = { id: ++generation, worker: null!, dead: false, dying: null }
    self.worker = createLeasedWorker({
      queue,
      client: () => client,
      logger,
      backoffMs,
      maxAttempts,
      leaseSeconds,
      batchSize: 3,
      concurrency: 2,
      intervalMs: 3_600_000,
      stopGraceMs: 100,
      now: () => new Date(clock),
      handle: async (job: ClaimedJob): Promise<JobResult<undefined>> => {
        if (self.dead) return never
        const holder = active.get(job.subjectId)
        if (holder !== undefined) violations.push(`${job.subjectId} held by ${holder} and ${self.id}`)
        if (!ignoringSchedule && job.nextAttemptAt && clock < Date.parse(job.nextAttemptAt))
          violations.push(`${job.subjectId} attempted before its time`)
        active.set(job.subjectId, self.id)
        try {
          await new Promise((resolve) => setImmediate(resolve))
          if (self.dying && !self.dying.afterDelivery) return die()
          // What was delivered already is not delivered again (a crashed holder may have done it).
          if (delivered.has(job.subjectId)) return done()
          const outcome = plans.get(job.subjectId)![job.attempts] ?? 'ok'
          if (outcome === 'ok') {
            delivered.set(job.subjectId, (delivered.get(job.subjectId) ?? 0) + 1)
            if (self.dying) return die()
            return done()
          }
          if (self.dying) return die()
          return outcome === 'refused' ? failed('refused') : retry('down')
        } finally {
          if (active.get(job.subjectId) === self.id) active.delete(job.subjectId)
        }
      },
    })
    // The process ends here: this job and every other it holds stay claimed until their leases run out.
    function die(): Promise<never> {
      self.dead = true
      self.dying!.reached()
      return never
    }
    return self
  }

  const slots = [instance(), instance(), instance()]
  const live = () => slots.filter((s) => !s.dead)

  async function step(c: Command): Promise<void> {
    switch (c.kind) {
      case 'enqueue':
        for (const p of c.plans) {
          const subject = randomUUID()
          plans.set(subject, p)
          await enqueueOutboxJob(client, queue, subject, new Date(clock))
        }
        return
      case 'run': {
        const s = slots[c.slot]
        if (s.dead) return
        ignoringSchedule = c.ignoreSchedule
        await s.worker.runDue({ ignoreSchedule: c.ignoreSchedule })
        ignoringSchedule = false
        return
      }
      case 'together':
        await Promise.all(live().map((s) => s.worker.runDue()))
        return
      case 'kill': {
        const s = slots[c.slot]
        if (s.dead) return
        const reached = new Promise<void>(
          (resolve) => (s.dying = { afterDelivery: c.afterDelivery, reached: resolve }),
        )
        // Killed at its next delivery; a run that delivers nothing ends normally and the instance lives on.
        await Promise.race([reached, s.worker.runDue()])
        s.dying = null
        // Give its other lanes the moment to reach their handler (where a dead instance stops).
        await new Promise((resolve) => setTimeout(resolve, 20))
        if (s.dead) slots[c.slot] = instance()
        return
      }
      case 'restart': {
        const s = slots[c.slot]
        if (s.dead) return
        await s.worker.stop()
        slots[c.slot] = instance()
        return
      }
      case 'advance':
        clock += c.seconds * 1000
        return
    }
  }

  async function settle() {
    for (let round = 0; round < 30; round++) {
      const { count, error } = await client
        .from('outbox_jobs')
        .select('id', { count: 'exact', head: true })
        .eq('queue', queue)
        .eq('status', 'pending')
      if (error) throw error
      if (count === 0) return
      clock += (leaseSeconds + 30) * 1000
      await Promise.all(live().map((s) => s.worker.runDue()))
    }
    throw new Error('jobs still pending after time passed')
  }

  async function check() {
    expect(violations).toEqual([])
    const { data, error } = await client
      .from('outbox_jobs')
      .select('subject_id, status, attempts, last_error')
      .eq('queue', queue)
    if (error) throw error
    expect(data).toHaveLength(plans.size)
    for (const job of data as {
      subject_id: string
      status: string
      attempts: number
      last_error: string
    }[]) {
      const times = delivered.get(job.subject_id) ?? 0
      expect(times, `${job.subject_id} delivered`).toBeLessThanOrEqual(1)
      if (times === 1) expect(job.status, `${job.subject_id} delivered and acknowledged`).toBe('done')
      else {
        expect(job.status, `${job.subject_id} never delivered`).toBe('failed')
        if (job.last_error !== 'refused') expect(job.attempts).toBe(maxAttempts)
      }
    }
  }

  return { step, settle, check }
}

describe('the one outbox worker, model-based', () => {
  it('every job ends done or failed after its schedule; no two holders at once; nothing acknowledged lost', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 14 }), async (commands) => {
        const w = world()
        for (const c of commands) await w.step(c)
        await w.settle()
        await w.check()
      }),
      {
        seed,
        numRuns,
        examples: [
          [
            [
              {
                kind: 'enqueue',
                plans: [
                  ['ok', 'ok', 'ok'],
                  ['fail', 'fail', 'ok'],
                  ['fail', 'ok', 'ok'],
                ],
              },
              { kind: 'kill', slot: 0, afterDelivery: true },
              { kind: 'kill', slot: 1, afterDelivery: false },
              { kind: 'together' },
              { kind: 'advance', seconds: 31 },
              { kind: 'together' },
            ],
          ],
        ],
      },
    )
  }, 240_000)
})
