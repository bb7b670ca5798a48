// How the site answers while someone guesses passwords: `/api/health` timed idle, then during a burst of 300
// wrong passwords from 10 client addresses (real sources: 127.0.0.2–127.0.0.11 on loopback, so no proxy
// header is needed), against one editor's account, then against 300 different accounts; first, as a floor,
// 300 requests that check nothing. The server runs
// in its own process exactly as `npm start` runs it. `BENCH_SERVER_ROOT=/path/to/another/checkout` measures
// that checkout's server instead (its own node_modules and dist); `BENCH_COMPARE_ROOT=/path/to/an/older/checkout`
// measures that one too, first, and puts both in one table (before and after a change).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { benchEditor, memoryOf, startServerProcess } from './server-process.ts'
import { percentile } from './support.ts'

export const title = 'Sign-in burst: /api/health while 300 wrong passwords arrive'

const measuredRoot = path.resolve(process.env.BENCH_SERVER_ROOT ?? path.join(import.meta.dirname, '../..'))
const compareRoot = process.env.BENCH_COMPARE_ROOT ? path.resolve(process.env.BENCH_COMPARE_ROOT) : null
const editor = benchEditor
const addresses = 10
const guessesPerAddress = 30
const idleSamples = 300
/** The target: the health check's p99 during a burst at most twice its idle p99. */
const targetRatio = 2

const rssMb = (pid: number) => memoryOf(pid).rss

/** One request on a kept-alive connection from `agent`'s source address; resolves with the status. */
function request(
  port: number,
  agent: http.Agent,
  localAddress: string,
  method: string,
  pathname: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: pathname, headers, agent, localAddress },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.setTimeout(60_000, () => req.destroy(new Error(`${method} ${pathname} timed out`)))
    req.on('error', reject)
    req.end(body)
  })
}

interface Sampler {
  stop(): Promise<number[]>
}

/** Times `GET /api/health` one after another (a visitor's page, in miniature) until stopped. */
function sampleHealth(port: number, limit = Infinity): Sampler & { done: Promise<number[]> } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const samples: number[] = []
  let stopped = false
  const done = (async () => {
    while (!stopped && samples.length < limit) {
      const started = performance.now()
      const status = await request(port, agent, '127.0.0.1', 'GET', '/api/health')
      if (status !== 200) throw new Error(`/api/health answered ${status}`)
      samples.push(performance.now() - started)
      // A short pause, as a page's requests come: the figure is the server's, not a queue of our own.
      await new Promise((r) => setTimeout(r, 5))
    }
    agent.destroy()
    return samples.sort((a, b) => a - b)
  })()
  return {
    done,
    stop: () => {
      stopped = true
      return done
    },
  }
}

interface BurstResult {
  seconds: number
  statuses: Map<number, number>
  health: number[]
  peakRssMb: number
}

/**
 * 10 addresses at once, each sending its 30 wrong passwords one after the other on its own connection;
 * `emailOf(address, n)` names the account each guess is for.
 */
async function burst(
  port: number,
  pid: number,
  anonKey: string,
  firstAddress: number,
  emailOf: (address: number, n: number) => string,
  grant = 'password',
): Promise<BurstResult> {
  const statuses = new Map<number, number>()
  let peakRssMb = rssMb(pid)
  const memory = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, rssMb(pid))
  }, 100)
  const health = sampleHealth(port)
  const started = performance.now()
  await Promise.all(
    Array.from({ length: addresses }, async (_, a) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
      const source = `127.0.0.${firstAddress + a}`
      for (let n = 0; n < guessesPerAddress; n++) {
        const status = await request(
          port,
          agent,
          source,
          'POST',
          `/auth/v1/token?grant_type=${grant}`,
          { apikey: anonKey, 'content-type': 'application/json' },
          JSON.stringify({ email: emailOf(a, n), password: `wrong-guess-${a}-${n}` }),
        )
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
      }
      agent.destroy()
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const samples = await health.stop()
  clearInterval(memory)
  return { seconds, statuses, health: samples, peakRssMb: Math.max(peakRssMb, rssMb(pid)) }
}

const ms = (n: number) => `${n.toFixed(1)} ms`
const loadAverage = () => os.loadavg()[0]!.toFixed(1)

interface Measured {
  idle: number[]
  idleRssMb: number
  noCheck: BurstResult
  oneAccount: BurstResult
  manyAccounts: BurstResult
}

/** Idle, then the two bursts, on a new server of the checkout at `root`. */
async function measure(root: string): Promise<Measured> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-sign-in-burst-'))
  const server = await startServerProcess({ root, dataDir })
  try {
    const { anonKey } = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
      anonKey: string
    }
    // Unmeasured: the first health checks and one correct sign-in (compiles the routes, warms the pool).
    const warm = sampleHealth(server.port, 50)
    await warm.done
    const signedIn = await fetch(`http://127.0.0.1:${server.port}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify(editor),
    })
    if (signedIn.status !== 200) throw new Error(`The editor could not sign in: ${signedIn.status}`)
    const idleRssMb = rssMb(server.pid)

    const idle = await sampleHealth(server.port, idleSamples).done
    // The floor: as many requests, answered at once without a password or the database (a grant type
    // nobody has), so what a flood of requests costs by itself shows beside what passwords cost.
    const noCheck = await burst(server.port, server.pid, anonKey, 2, () => editor.email, 'none')
    const oneAccount = await burst(server.port, server.pid, anonKey, 2, () => editor.email)
    // Later and from other addresses: the first burst's limits do not touch this one.
    const manyAccounts = await burst(
      server.port,
      server.pid,
      anonKey,
      2 + addresses,
      (a, n) => `person-${a}-${n}@meridian.example`,
    )
    return { idle, idleRssMb, noCheck, oneAccount, manyAccounts }
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The checkout's commit, to name it in the table. */
function commitOf(root: string): string {
  try {
    return execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
  } catch {
    return path.basename(root)
  }
}

export async function run(): Promise<string> {
  const loadAtStart = loadAverage()
  const runs: Array<{ label: string; m: Measured }> = []
  if (compareRoot)
    runs.push({
      label: `before (${process.env.BENCH_COMPARE_LABEL ?? commitOf(compareRoot)})`,
      m: await measure(compareRoot),
    })
  runs.push({
    label: compareRoot ? 'after (this checkout)' : 'this checkout',
    m: await measure(measuredRoot),
  })

  const rows: string[] = []
  for (const { label, m } of runs) {
    const idleP99 = percentile(m.idle, 99)
    const cells = (health: number[]) =>
      `${health.length} | ${ms(percentile(health, 50))} | ${ms(percentile(health, 99))}`
    rows.push(`| ${label} | idle | | | ${cells(m.idle)} | | ${Math.round(m.idleRssMb)} MB |`)
    for (const [what, r] of [
      ['300 requests that check nothing (`grant_type=none`)', m.noCheck],
      ['300 guesses at one editor account', m.oneAccount],
      ['300 guesses at 300 different accounts', m.manyAccounts],
    ] as const) {
      const answers = [...r.statuses]
        .sort(([x], [y]) => x - y)
        .map(([status, count]) => `${count}× ${status}`)
        .join(', ')
      const ratio = percentile(r.health, 99) / idleP99
      rows.push(
        `| ${label} | ${what} | ${answers} | ${r.seconds.toFixed(1)} s | ${cells(r.health)} | ` +
          `${ratio.toFixed(1)}× ${ratio <= targetRatio ? '✅' : '❌'} | ${Math.round(r.peakRssMb)} MB |`,
      )
    }
  }
  return [
    `The server as \`npm start\` runs it, in its own process. \`GET /api/health\` is timed one request after ` +
      `another (5 ms apart, one kept-alive connection): idle (${idleSamples} requests), then during each burst: ` +
      `${addresses} client addresses (127.0.0.2–127.0.0.${1 + addresses}; the next ${addresses} for the last burst) ` +
      `each send ${guessesPerAddress} requests to \`POST /auth/v1/token\` one after the other, all ${addresses} at once. ` +
      `400 is a password checked and refused, 429 an attempt the limits refused before checking it. ` +
      `Target: p99 during a burst of guesses within ${targetRatio}× the idle p99; the first burst, whose requests ` +
      `check nothing, shows what a flood of requests costs by itself on this machine.`,
    '',
    '| server | when | sign-in answers | burst took | health requests | p50 | p99 | p99 ÷ idle p99 | server RSS (peak) |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    `Load average of the machine (other work shares its cores): ${loadAtStart} at the start, ${loadAverage()} at the end.`,
  ].join('\n')
}
