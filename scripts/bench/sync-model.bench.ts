// The model-based sync test at full length (`npm run test:sync-model`, also part of `npm run bench`):
// 500 random cases of two desktops and a browser editor editing (every field of a post), deleting, going
// offline, meeting server faults (on the posts, deletes, the pull of deletes, token refreshes and the role
// check), killed before any write to their store and living through server restarts, against one real server
// (tests/support/sync-model.ts has the model and the invariant). Any failure stops the run with
// fast-check's counterexample; SYNC_MODEL_SEED replays a seed, SYNC_MODEL_CASES changes the count.
import fc from 'fast-check'
import {
  commandArbitrary,
  createModelWorld,
  faultKinds,
  faultTargets,
  type Command,
} from '../../tests/support/sync-model.ts'

export const title = 'Model-based sync test: two desktops and a browser editor'

const faultLabels: Record<(typeof faultKinds)[number], string> = {
  kill: 'desktop killed before a write to its store (save, delete, send, landing, pull), reopened from disk',
  lostReply: 'lost replies (write reached the server, reply lost)',
  serverError: 'server errors (500, nothing done)',
  timeout: 'timeouts (request arrived, no reply; the desktop gave up)',
  dropped: 'requests that never arrived',
  crash: 'crashes after a lost reply (desktop closed and reopened)',
  editDuringSend: 'edits saved while a send was in flight',
}

const targetLabels: Record<(typeof faultTargets)[number], string> = {
  posts: 'faults met by requests for posts (reads and writes)',
  deletes: 'faults met by deletes of posts',
  tombstones: 'faults met by the pull of deletes',
  tokenRefresh: 'faults met by a token refresh',
  rpc: 'faults met by the role check at sign-in',
}

const clients = 2
const cases = Number(process.env.SYNC_MODEL_CASES ?? 500)

export async function run(): Promise<string> {
  const seed = Number(process.env.SYNC_MODEL_SEED ?? Date.now() % 2 ** 31)
  console.log(`sync model: seed ${seed}, ${cases} cases (replay with SYNC_MODEL_SEED=${seed})`)
  const totals = { cases: 0, commands: 0, landed: 0 }
  // A case's report counts every conflict and needs-attention entry open on a desktop at its end, including
  // ones left from earlier cases: count each entry (desktop, post, when detected) once.
  const conflicts = new Set<string>()
  const attention = new Set<string>()
  const kinds = new Map<Command['kind'], number>()
  const caseMs: number[] = []
  const started = performance.now()
  const world = await createModelWorld(clients)
  const setupMs = performance.now() - started
  // A failure's report (seed, counterexample, error) must reach the output even if cleaning up fails too.
  let failure: unknown = null
  try {
    await fc.assert(
      fc.asyncProperty(
        fc.array(commandArbitrary(clients, { restarts: true }), { minLength: 8, maxLength: 30 }),
        async (commands) => {
          const caseStarted = performance.now()
          const report = await world.runCase(commands)
          caseMs.push(performance.now() - caseStarted)
          totals.cases++
          totals.commands += report.commands
          totals.landed += report.landed
          for (const [c, client] of world.clients.entries()) {
            for (const x of await client.backend.engine.conflicts())
              conflicts.add(`${c}:${x.postId}:${x.detectedAt}`)
            for (const x of await client.backend.engine.attention())
              attention.add(`${c}:${x.postId}:${x.detectedAt}`)
          }
          for (const command of commands) kinds.set(command.kind, (kinds.get(command.kind) ?? 0) + 1)
          if (totals.cases % 50 === 0)
            console.log(
              `  ${totals.cases} cases, ${((performance.now() - started) / 1000).toFixed(0)} s, no failure`,
            )
        },
      ),
      { seed, numRuns: cases, endOnFailure: true },
    )
  } catch (err) {
    failure = err
    console.error(`sync model FAILED (seed ${seed}):\n${err instanceof Error ? err.message : String(err)}`)
  }
  try {
    await world.close()
  } catch (err) {
    // Shutting the test world down is not part of what is checked; say so and keep the figures.
    console.error('sync model: closing the test world failed:', err)
  }
  if (failure) throw failure
  if (totals.cases !== cases) throw new Error(`ran ${totals.cases} cases, expected ${cases}`)
  const totalS = (performance.now() - started) / 1000
  const sorted = [...caseMs].sort((a, b) => a - b)
  const kind = (k: Command['kind']) => kinds.get(k) ?? 0
  const row = (label: string, value: string | number) => `| ${label} | ${value} |`
  return [
    `fast-check, ${cases} cases of 8–30 random commands from a settled state (posts every desktop has, nothing queued), ${clients} desktops (real offline stores and sync engines, in the benchmark's process) and a supabase-js browser editor against one in-process server; after each case everything goes online and settles, then: each desktop user's last acknowledged edit of each post is on the server with every field of the schema as they saved it (the database's audit trigger saw it) and still there or replaced by a write that built on it, or it is in a conflict or needs-attention entry its editor can see, unless the editor dropped it; every desktop shows the server's posts, versions and every field; no local change is pending and nothing is queued (read from each store's file), and the status bar's counts are the file's.`,
    '',
    'Faults are counted when they happened (a kill that fired before a write, a fault a request met), not when a command asked for one.',
    '',
    '| | |',
    '|---|---:|',
    row('seed (`SYNC_MODEL_SEED` replays it)', seed),
    row('cases', totals.cases),
    row('commands', totals.commands),
    row('server restarts executed', kind('serverRestart')),
    ...faultKinds.map((k) => row(`fired: ${faultLabels[k]}`, world.fired[k])),
    ...faultTargets.map((t) => row(targetLabels[t], world.firedAt[t])),
    row('offline periods started', kind('offline')),
    row('conflicts shown (distinct, open at the end of a case)', conflicts.size),
    row('needs-attention entries (distinct, open at the end of a case)', attention.size),
    row('resolve commands (keep mine, theirs or both; a no-op when no conflict is open)', kind('resolve')),
    row('acknowledged edits that landed on the server', totals.landed),
    row('failures', 0),
    row('total time (including the first server start)', `${totalS.toFixed(0)} s`),
    row(
      'per case, median (p90)',
      `${(sorted[Math.floor(sorted.length / 2)] / 1000).toFixed(2)} s (${(sorted[Math.floor(sorted.length * 0.9)] / 1000).toFixed(2)} s)`,
    ),
    '',
    `Setting up the world (server, two desktops signed in, browser editor) took ${(setupMs / 1000).toFixed(1)} s.`,
  ].join('\n')
}
