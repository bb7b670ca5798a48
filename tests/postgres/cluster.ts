import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

/** A throwaway PostgreSQL server on 127.0.0.1: its own data directory, port and socket directory. */
export interface Cluster {
  port: number
  /** The server's version, e.g. "PostgreSQL 15.18 …". */
  version: string
  /** A new connection as `user` (trust authentication: the cluster listens on loopback only). */
  connect(user: string, database?: string): Promise<pg.Client>
  stop(): void
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

/** initdb refuses to run as root: as root, the cluster belongs to an unprivileged system user. */
function clusterUser(): { name: string; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null
  for (const name of ['postgres', 'nobody']) {
    const id = spawnSync('id', ['-u', name], { encoding: 'utf8' })
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' })
    if (id.status === 0 && gid.status === 0) return { name, uid: Number(id.stdout), gid: Number(gid.stdout) }
  }
  throw new Error('Running as root, and neither a "postgres" nor a "nobody" user exists to own the cluster')
}

/**
 * initdb in a temporary directory with `superuser` as the bootstrap superuser, then pg_ctl start on a free
 * port. fsync is off: the cluster is thrown away after the run.
 */
export async function startCluster(bin: string, superuser = 'supabase_admin'): Promise<Cluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'meridian-pg-'))
  const data = path.join(dir, 'data')
  const owner = clusterUser()
  if (owner) {
    chownSync(dir, owner.uid, owner.gid)
    chmodSync(dir, 0o700)
  }
  const run = (file: string, args: string[]) => {
    const [command, argv] = owner
      ? ['runuser', ['-u', owner.name, '--', path.join(bin, file), ...args]]
      : [path.join(bin, file), args]
    try {
      return execFileSync(command, argv, { cwd: dir, encoding: 'utf8', stdio: 'pipe' })
    } catch (err) {
      const log = (() => {
        try {
          return readFileSync(path.join(dir, 'server.log'), 'utf8')
        } catch {
          return ''
        }
      })()
      throw new Error(`${file} failed: ${(err as { stderr?: string }).stderr ?? err}\n${log}`, {
        cause: err,
      })
    }
  }
  run('initdb', ['-D', data, '-U', superuser, '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync'])
  const port = await freePort()
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=32MB`
  run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start'])

  const connect = async (user: string, database = 'postgres') => {
    const client = new pg.Client({ host: '127.0.0.1', port, user, database })
    // A connection the cluster's stop cuts off is no error of the test's.
    client.on('error', () => undefined)
    await client.connect()
    return client
  }
  const probe = await connect(superuser)
  const version = (await probe.query<{ version: string }>('select version()')).rows[0].version
  await probe.end()
  return {
    port,
    version,
    connect,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
