import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import { brand } from '../../shared/config/brand.ts'
import { createAuthApp, type AuthMailer } from './auth/routes.ts'
import { isValidEmail, MIN_PASSWORD_LENGTH, normaliseEmail, upsertPasswordUser } from './auth/users.ts'
import { loadSupabaseConfig, type LocalSupabaseConfig } from './config.ts'
import { openDatabase, withClaims, type BackendPlace, type PGlite } from './database.ts'
import type { LocalSupabaseDeps } from './deps.ts'
import { loadOrCreateKeys, requestRole, signAccessToken, verifyJwt, type LocalSupabaseKeys } from './keys.ts'
import { createAutovacuum } from './autovacuum.ts'
import { createRestApp } from './rest/routes.ts'
import { createStorageApp, rejectStorageTraversal } from './storage.ts'

export type { LocalSupabaseKeys } from './keys.ts'
export type { LocalSupabaseDeps } from './deps.ts'

export interface EnsuredEditor {
  email: string
  /** Present only when the password was generated now (print it once). */
  generatedPassword?: string
  created: boolean
}

/** The embedded Supabase-compatible backend: `/rest/v1`, `/auth/v1`, `/storage/v1` on the site's origin. */
export interface LocalSupabase {
  app: Hono
  keys: LocalSupabaseKeys
  /** The database, for server-side jobs and tests (runs as the superuser: bypasses RLS). */
  db: PGlite
  config: LocalSupabaseConfig
  /** Create or update an editor (EDITOR_EMAIL / EDITOR_PASSWORD), or generate one on first start. */
  ensureEditor(email?: string, password?: string): Promise<EnsuredEditor | null>
  /** Where `/auth/v1` sends invite and password-reset mails (the server's mailer and templates). */
  useMailer(mailer: AuthMailer): void
  /** Calls `listener` with the path of every successful write through the API (the page cache watches it). */
  onWrite(listener: (path: string) => void): void
  close(): Promise<void>
}

/** Request body limits: REST carries whole posts (HTML + markdown); storage carries one image. */
export const bodyLimits = {
  rest: 10 * 2 ** 20,
  auth: 64 * 2 ** 10,
  // The bucket limit plus room for multipart framing; the exact per-bucket limit is checked by storage.
  storage: 11 * 2 ** 20,
} as const

function tooLarge(limit: number) {
  return bodyLimit({
    maxSize: limit,
    onError: (c) =>
      c.json(
        {
          code: 'PGRST413',
          statusCode: '413',
          error: 'Payload Too Large',
          details: null,
          hint: null,
          message: `The request body is larger than ${limit} bytes`,
        },
        413,
      ),
  })
}

// Every header supabase-js (postgrest-js, auth-js, storage-js) sends from a browser.
const corsOptions = {
  origin: (origin: string) => origin,
  allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  allowHeaders: [
    'authorization',
    'apikey',
    'content-type',
    'x-client-info',
    'prefer',
    'range',
    'range-unit',
    'accept-profile',
    'content-profile',
    'x-upsert',
    'x-supabase-api-version',
    'cache-control',
    'x-retry-count',
  ],
  exposeHeaders: [
    'Content-Range',
    'Content-Location',
    'Content-Type',
    'Preference-Applied',
    'X-Total-Count',
    'ETag',
  ],
  maxAge: 86400,
}

const readOnlyMethods: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS'])

const editorDomain = brand.contactEmail.split('@')[1]

/**
 * Starts the embedded backend on an existing Hono host: opens the database in `dataDir` (lock, bootstrap,
 * migrations, seed), loads or creates the keys, and returns the app to mount at `/`.
 */
export async function startLocalSupabase(
  options: BackendPlace & {
    /** TRUST_PROXY: Auth takes the client address from X-Forwarded-For, as the server's own limits do. */
    trustProxy?: boolean
  },
): Promise<LocalSupabase> {
  const { dataDir, logger, trustProxy = false } = options
  const config = loadSupabaseConfig()
  // The database first: it takes the data directory's lock, so two servers starting at once on a new
  // directory cannot both generate keys.
  const database = await openDatabase({ dataDir, logger })
  const { db } = database
  let keys: LocalSupabaseKeys
  try {
    keys = await loadOrCreateKeys(dataDir)
    await syncBuckets(db, config)
  } catch (err) {
    await database.close()
    throw err
  }

  // Statistics and GIN pending lists fresh after the migrations and seed, then after every write.
  const autovacuum = createAutovacuum(db, logger)
  await autovacuum.run()

  const deps: LocalSupabaseDeps = {
    db,
    keys,
    logger,
    dataDir,
    withClaims,
    verifyJwt,
    signAccessToken,
    requestRole,
    config,
  }
  const writeListeners: Array<(path: string) => void> = []
  const app = new Hono()
  // Before routing: `/storage/v1/../..` is resolved by the URL parser into a path outside storage.
  app.use('*', rejectStorageTraversal)
  app.use('*', async (c, next) => {
    await next()
    if (!readOnlyMethods.has(c.req.method) && c.res.status < 400) {
      autovacuum.noteWrite()
      for (const listener of writeListeners) listener(c.req.path)
    }
  })
  app.use('/rest/v1/*', cors(corsOptions), tooLarge(bodyLimits.rest))
  app.use('/auth/v1/*', cors(corsOptions), tooLarge(bodyLimits.auth))
  app.use('/storage/v1/*', cors(corsOptions), tooLarge(bodyLimits.storage))
  app.route('/rest/v1', createRestApp({ db, keys, logger, maxRows: config.api.maxRows }))
  const authMailer: { current: AuthMailer | null } = { current: null }
  app.route('/auth/v1', createAuthApp({ ...deps, mailer: authMailer, trustProxy }))
  app.route('/storage/v1', createStorageApp(deps))

  return {
    app,
    keys,
    db,
    config,
    ensureEditor: (email, password) => ensureEditor(db, email, password),
    useMailer: (mailer) => {
      authMailer.current = mailer
    },
    onWrite: (listener) => {
      writeListeners.push(listener)
    },
    close: async () => {
      await autovacuum.stop()
      await database.close()
    },
  }
}

/** Buckets declared in config.toml exist with its settings (the migration creates `images` too, for hosted). */
async function syncBuckets(db: PGlite, config: LocalSupabaseConfig) {
  for (const [id, bucket] of Object.entries(config.storage.buckets)) {
    await db.query(
      `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ($1, $1, $2, $3, $4)
       on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
         allowed_mime_types = excluded.allowed_mime_types, updated_at = now()`,
      [id, bucket.public, bucket.fileSizeLimit, bucket.allowedMimeTypes],
    )
  }
}

/** The account exists with this password (created or reset) and is listed in `public.editors`. */
async function upsertEditor(db: PGlite, email: string, password: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const user = await upsertPasswordUser(tx, email, password)
    await tx.query(
      'insert into public.editors (user_id, email) values ($1::uuid, $2) on conflict (user_id) do update set email = excluded.email',
      [user.id, normaliseEmail(email)],
    )
    return user.created
  })
}

/**
 * With an email and password (EDITOR_EMAIL / EDITOR_PASSWORD): that account exists, has that password and is an
 * editor. With neither and no editor yet: creates `editor@<brand domain>` with a random password, returned once.
 */
async function ensureEditor(db: PGlite, email?: string, password?: string): Promise<EnsuredEditor | null> {
  if (email || password) {
    if (!email || !password) throw new Error('EDITOR_EMAIL and EDITOR_PASSWORD must be set together.')
    const address = normaliseEmail(email)
    if (!isValidEmail(address)) throw new Error(`EDITOR_EMAIL is not a valid email address: ${email}`)
    if (password.length < MIN_PASSWORD_LENGTH)
      throw new Error(`EDITOR_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters long.`)
    return { email: address, created: await upsertEditor(db, address, password) }
  }
  const editors = await db.query<{ n: number }>('select count(*)::int as n from public.editors')
  if (editors.rows[0].n > 0) return null
  const address = `editor@${editorDomain}`
  const generatedPassword = randomBytes(18).toString('base64url')
  const created = await upsertEditor(db, address, generatedPassword)
  return { email: address, generatedPassword, created }
}
