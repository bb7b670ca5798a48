/**
 * `npm run editor -- add <email> [--password <password>] | remove <email> | list`
 *
 * Manages who may write posts and images in the embedded backend's data directory (DATA_DIR, default
 * `.data`). It opens the database itself, so it takes the same lock as the server: with the server
 * running it stops and says so rather than risk two processes writing one PGlite directory.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pino from 'pino'
import {
  generatePassword,
  isValidEmail,
  MAX_PASSWORD_BYTES,
  MIN_PASSWORD_LENGTH,
  normaliseEmail,
  passwordTooLong,
  upsertPasswordUser,
} from './auth/users.ts'
import { loadSupabaseConfig } from './config.ts'
import { DataDirLockedError, openDatabase } from './database.ts'

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

const USAGE = `Usage:
  npm run editor -- add <email> [--password <password>] [--role <role>]
                                          create an editor, or set an existing one's password (and role)
  npm run editor -- remove <email>        remove an editor and their account
  npm run editor -- list                  list editors and their roles

Roles: admin (people and everything), editor (every post, publish, delete), contributor (own drafts).
The first editor is an admin; later ones are editors unless --role says otherwise.
Works on DATA_DIR (default .data) while the server is stopped. Without --password a strong password
is generated and printed once.`

export const editorRoles = ['admin', 'editor', 'contributor'] as const
export type EditorRole = (typeof editorRoles)[number]
const isEditorRole = (value: string): value is EditorRole =>
  (editorRoles as readonly string[]).includes(value)

export type EditorCommand =
  | { command: 'add'; email: string; password?: string; role?: EditorRole }
  | { command: 'remove'; email: string }
  | { command: 'list' }
  | { command: 'help' }

export class UsageError extends Error {}

/** Parses the CLI arguments; throws UsageError with a message fit for the terminal. */
export function parseEditorArgs(argv: string[], minPasswordLength = MIN_PASSWORD_LENGTH): EditorCommand {
  const [command, ...rest] = argv
  if (!command || command === 'help' || command === '--help' || command === '-h') return { command: 'help' }
  let password: string | undefined
  let role: string | undefined
  const positional: string[] = []
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!
    if (arg === '--role') {
      if (i + 1 >= rest.length) throw new UsageError('--role needs a value')
      role = rest[++i]
    } else if (arg.startsWith('--role=')) {
      role = arg.slice('--role='.length)
    } else if (arg === '--password') {
      if (i + 1 >= rest.length) throw new UsageError('--password needs a value')
      password = rest[++i]
    } else if (arg.startsWith('--password=')) {
      password = arg.slice('--password='.length)
    } else if (arg.startsWith('-')) {
      throw new UsageError(`Unknown option ${arg}`)
    } else {
      positional.push(arg)
    }
  }
  if (command === 'list') {
    if (positional.length || password !== undefined || role !== undefined)
      throw new UsageError('list takes no arguments')
    return { command: 'list' }
  }
  if (command !== 'add' && command !== 'remove') throw new UsageError(`Unknown command "${command}"`)
  if (positional.length !== 1) throw new UsageError(`${command} needs exactly one email address`)
  const email = normaliseEmail(positional[0]!)
  if (!isValidEmail(email)) throw new UsageError(`Not a valid email address: ${positional[0]}`)
  if (command === 'remove') {
    if (password !== undefined || role !== undefined) throw new UsageError('remove takes no options')
    return { command: 'remove', email }
  }
  if (password !== undefined) {
    if (password.length < minPasswordLength)
      throw new UsageError(`The password must be at least ${minPasswordLength} characters long`)
    if (passwordTooLong(password))
      throw new UsageError(`The password must be at most ${MAX_PASSWORD_BYTES} bytes long`)
  }
  if (role !== undefined && !isEditorRole(role))
    throw new UsageError(`Unknown role "${role}": use ${editorRoles.join(', ')}`)
  return { command: 'add', email, password, ...(role ? { role } : {}) }
}

export interface EditorCliIo {
  dataDir: string
  out: (line: string) => void
  err: (line: string) => void
}

/** Runs one command against the data directory; returns the process exit code. */
export async function runEditorCli(argv: string[], io: EditorCliIo): Promise<number> {
  let command: EditorCommand
  try {
    // The same minimum as a signed-in editor changing their password (config.toml, never below 8).
    const minPasswordLength = Math.max(loadSupabaseConfig().auth.minimumPasswordLength, MIN_PASSWORD_LENGTH)
    command = parseEditorArgs(argv, minPasswordLength)
  } catch (err) {
    if (!(err instanceof UsageError)) throw err
    io.err(`${err.message}\n\n${USAGE}`)
    return 2
  }
  if (command.command === 'help') {
    io.out(USAGE)
    return 0
  }

  const logger = pino({ level: 'warn', base: undefined }, pino.destination(2))
  let database: Awaited<ReturnType<typeof openDatabase>>
  try {
    database = await openDatabase({ dataDir: io.dataDir, logger })
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      io.err(
        `Stop the server first: a Meridian server${err.pid ? ` (pid ${err.pid})` : ''} is using ${io.dataDir}.\n` +
          'Editors are stored in its database, which only one process may open at a time.',
      )
      return 1
    }
    throw err
  }
  const { db } = database
  try {
    if (command.command === 'list') {
      const { rows } = await db.query<{ email: string; role: string; created_at: Date }>(
        'select email, role, created_at from public.editors order by email',
      )
      if (rows.length === 0)
        io.out(`No editors in ${io.dataDir}. Add one with: npm run editor -- add <email>`)
      for (const row of rows)
        io.out(`${row.email}\t${row.role}\t(since ${row.created_at.toISOString().slice(0, 10)})`)
      return 0
    }

    if (command.command === 'remove') {
      // Deleting the account ends its sessions and, through the foreign key, its editor row.
      const { rows } = await db.query<{ id: string }>(
        'delete from auth.users where lower(email) = $1 returning id::text as id',
        [command.email],
      )
      if (rows.length === 0) {
        io.err(`No account with the email ${command.email}.`)
        return 1
      }
      io.out(`Removed editor ${command.email}.`)
      return 0
    }

    const password = command.password ?? generatePassword()
    const { created, role } = await db.transaction(async (tx) => {
      const user = await upsertPasswordUser(tx, command.email, password)
      // Without --role a new editor gets the table's default (the first one becomes an admin) and an
      // existing one keeps theirs.
      const { rows } = command.role
        ? await tx.query<{ role: string }>(
            `insert into public.editors (user_id, email, role) values ($1::uuid, $2, $3)
             on conflict (user_id) do update set email = excluded.email, role = excluded.role returning role`,
            [user.id, command.email, command.role],
          )
        : await tx.query<{ role: string }>(
            `insert into public.editors (user_id, email) values ($1::uuid, $2)
             on conflict (user_id) do update set email = excluded.email returning role`,
            [user.id, command.email],
          )
      return { ...user, role: rows[0]!.role }
    })
    io.out(
      created
        ? `Added ${command.email} (${role}).`
        : `${command.email} is an editor (${role}); password updated.`,
    )
    if (!command.password) io.out(`Password (shown only this once): ${password}`)
    return 0
  } finally {
    await database.close()
  }
}

const isEntry = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (isEntry) {
  const dataDir = path.resolve(projectRoot, process.env.DATA_DIR?.trim() || '.data')
  runEditorCli(process.argv.slice(2), {
    dataDir,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  }).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`)
      process.exit(1)
    },
  )
}
