// Finds the PostgreSQL 15 server binaries the PostgreSQL step of `npm test` runs against: PG_BIN, else
// Debian's /usr/lib/postgresql/15/bin. When they are missing and we are root with apt available, installs
// Debian's `postgresql-15` (its own cluster is not used: the tests make a throwaway one).
// Hosted Supabase runs PostgreSQL 15 or 17; the embedded backend's PGlite is 18. This step keeps SQL that
// only newer versions accept out of the migrations.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'

export function ensurePostgres() {
  const wanted = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin'
  const ready = () => existsSync(path.join(wanted, 'initdb')) && existsSync(path.join(wanted, 'pg_ctl'))
  if (ready()) return wanted
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
  if (!process.env.PG_BIN && isRoot && hasApt) {
    console.log(`PostgreSQL 15 not found in ${wanted}: installing Debian's "postgresql-15" package…`)
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
    execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql-15'], { stdio: 'inherit', env })
    if (ready()) return wanted
  }
  console.error(
    [
      `PostgreSQL 15's server binaries (initdb, pg_ctl) were not found in ${wanted}.`,
      'The PostgreSQL step checks the migrations, row-level security and the claim functions on a real',
      'PostgreSQL 15, as hosted Supabase runs them. Install it, then run the tests again:',
      '  Debian/Ubuntu:  sudo apt-get install postgresql-15',
      '  or point PG_BIN at the bin directory of an existing PostgreSQL 15:',
      '  PG_BIN=/path/to/postgresql/15/bin npm test',
    ].join('\n'),
  )
  process.exit(1)
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensurePostgres())
