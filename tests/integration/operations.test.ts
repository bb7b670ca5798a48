import { writeFileSync, rmSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '../../server/main.ts'
import { postsPrepared } from '../../server/web/prepared-posts.ts'
import { startTestServer, testEditor, type TestServer } from '../support/server.ts'
import { canMountTmpfs, mountTmpfs } from '../support/tmpfs.ts'

// Clear operations: a client that goes away is not an error, slow or short requests cannot hold a
// connection, a data directory that is full or read-only stops the start with one line, and signing in on a
// full disk answers a clear 503.

/** A log destination that keeps every line (pino writes JSON lines). */
function logRecorder() {
  const lines: Array<{ level: number; msg: string; path?: string }> = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line))
      done()
    },
  })
  return { lines, stream }
}

/** Writes raw bytes to a port, then waits until the server closes the connection (or `giveUpMs`). */
function rawRequest(port: number, bytes: string, options: { abortAfterMs?: number; giveUpMs?: number } = {}) {
  return new Promise<{ closedAfterMs: number | null; reply: string }>((resolve) => {
    const started = Date.now()
    let reply = ''
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes))
    socket.on('data', (d) => (reply += d.toString()))
    socket.on('error', () => undefined)
    socket.on('close', () => resolve({ closedAfterMs: Date.now() - started, reply }))
    if (options.abortAfterMs !== undefined) setTimeout(() => socket.destroy(), options.abortAfterMs)
    setTimeout(() => {
      socket.destroy()
      resolve({ closedAfterMs: null, reply })
    }, options.giveUpMs ?? 10_000)
  })
}

const portOf = (url: string) => Number(new URL(url).port)

describe('a running server', () => {
  let server: TestServer
  const log = logRecorder()
  beforeAll(async () => {
    server = await startTestServer(
      { LOG_LEVEL: 'info', HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '1500' },
      { logDestination: log.stream },
    )
  })
  afterAll(() => server?.stop())

  it('logs clients that close mid-request below error level', async () => {
    const port = portOf(server.url)
    const auth = `apikey: ${server.ctx.supabase.anonKey}\r\n`
    const cutOff = [
      'POST /api/leads HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n5\r\n{"a":\r\n',
      `POST /rest/v1/blogs HTTP/1.1\r\nHost: x\r\n${auth}Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n5\r\n{"a":\r\n`,
      `POST /auth/v1/token?grant_type=password HTTP/1.1\r\nHost: x\r\n${auth}Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n5\r\n{"a":\r\n`,
      `POST /storage/v1/object/images/x.png HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: image/png\r\nContent-Length: 100000\r\n\r\n\x89PNG`,
    ]
    // After the start's own work (preparing the seeded posts' bodies keeps the embedded database busy for a
    // moment, and a request cut off before the server reads it leaves nothing to log).
    await postsPrepared(server.ctx)
    for (const request of cutOff) await rawRequest(port, request, { abortAfterMs: 100 })
    await rawRequest(portOf(server.emailServiceUrl), cutOff[0].replace('/api/leads', '/send-email'), {
      abortAfterMs: 100,
    })
    // Each cut-off request is logged once the server notices the close; wait for them, then look at levels.
    // (The email service refuses a request without a token before reading its body: nothing to log there.)
    const paths = ['/api/leads', '/rest/v1/blogs', '/auth/v1/token', '/storage/v1/object/images/x.png']
    const logged = () =>
      paths.filter((p) =>
        log.lines.some((l) => l.msg.startsWith('client closed the connection') && l.path === p),
      )
    await expect.poll(logged, { timeout: 15_000 }).toEqual(paths)
    expect(log.lines.filter((l) => l.level >= 50)).toEqual([])
  })

  it('cuts off a request whose body never arrives, and one whose headers never end, on both ports', async () => {
    for (const port of [portOf(server.url), portOf(server.emailServiceUrl)]) {
      const shortBody = await rawRequest(
        port,
        'POST /api/leads HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":',
      )
      expect(shortBody.closedAfterMs).not.toBeNull()
      expect(shortBody.closedAfterMs!).toBeLessThan(4_000)
      const slowHeaders = await rawRequest(port, 'GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ')
      expect(slowHeaders.closedAfterMs).not.toBeNull()
      expect(slowHeaders.closedAfterMs!).toBeLessThan(4_000)
    }
  })
})

describe.skipIf(!canMountTmpfs)('the data directory (a real tmpfs; needs root to mount)', () => {
  const start = (dataDir: string, log = logRecorder()) =>
    startServer(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        EMAIL_SERVICE_PORT: '0',
        SMTP_CAPTURE_PORT: '0',
        SKIP_BUILD: '1',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        EDITOR_EMAIL: testEditor.email,
        EDITOR_PASSWORD: testEditor.password,
      },
      { logDestination: log.stream },
    )

  it.each([
    {
      state: 'full',
      tmpfs: { size: '256k' },
      cause: 'the disk is full (no space left on the device). Free some space',
    },
    {
      state: 'read-only',
      tmpfs: { size: '1m', readOnly: true },
      cause: 'the file system is read-only. Make it writable',
    },
  ])('$state at start: one line naming the folder and the cause', async ({ tmpfs, cause }) => {
    const disk = mountTmpfs(tmpfs)
    try {
      const dataDir = path.join(disk.dir, 'data')
      const failure = await start(dataDir).then(
        () => null,
        (err: Error) => err,
      )
      expect(failure?.message).toBe(
        `Cannot use the data directory ${dataDir}: ${cause} or set DATA_DIR to another folder.`,
      )
    } finally {
      disk.unmount()
    }
  })

  it('full while running: sign-in answers a clear 503, and works again once there is room', async () => {
    const disk = mountTmpfs({ size: '160m' })
    const filler = path.join(disk.dir, 'filler')
    const server = await start(path.join(disk.dir, 'data'))
    try {
      const signIn = () =>
        fetch(`${server.url}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: { apikey: server.ctx.supabase.anonKey, 'Content-Type': 'application/json' },
          body: JSON.stringify(testEditor),
        })
      try {
        writeFileSync(filler, Buffer.alloc(200 * 2 ** 20))
      } catch {
        // ENOSPC: the disk is full now, as intended.
      }
      const refused = await signIn()
      expect(refused.status).toBe(503)
      expect(await refused.json()).toMatchObject({
        code: 'insufficient_storage',
        message: "Signing in is not possible right now: the server's disk is full. Please try again later.",
      })
      rmSync(filler)
      expect((await signIn()).status).toBe(200)
    } finally {
      await server.close()
      disk.unmount()
    }
  })
})
