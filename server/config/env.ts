import { z } from 'zod'

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback)
const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))

/** Every environment variable the server reads, parsed once. docs/operations.md's configuration table mirrors it. */
export const envSchema = z.object({
  PORT: port(8080),
  /** Interface to listen on. Unset: loopback in local mode (the embedded backend), every interface in hosted mode. */
  HOST: optional,
  EMAIL_SERVICE_PORT: port(3000),
  SMTP_CAPTURE_PORT: port(1025),
  DATA_DIR: z.string().default('.data'),
  /** Folder of the built site (relative to the project root). */
  SITE_DIR: z.string().default('dist/site'),
  /** Public origin of the site (links in emails, canonical URLs). Defaults to http://localhost:PORT. */
  PUBLIC_URL: optional,
  SUPABASE_URL: optional,
  SUPABASE_ANON_KEY: optional,
  SUPABASE_SERVICE_ROLE_KEY: optional,
  SMTP_URL: optional,
  MAIL_FROM: optional,
  EDITOR_EMAIL: optional,
  EDITOR_PASSWORD: optional,
  EMAIL_SERVICE_TOKEN: optional,
  /**
   * Signs share links for post previews (HMAC). Hosted mode: set it (the same on every instance) or preview
   * links are off; local mode derives one from the generated keys in DATA_DIR when it is unset.
   */
  PREVIEW_SECRET: optional.refine((v) => v === undefined || v.length >= 32, {
    message: 'PREVIEW_SECRET must be at least 32 characters (e.g. `openssl rand -base64 48`).',
  }),
  /** Public URL of the email service when the site is not on localhost. */
  EMAIL_SERVICE_URL: optional,
  /**
   * Where the desktop app's installers and update metadata are published (the release workflow's GitHub
   * Releases, e.g. `https://github.com/<owner>/<repo>/releases/latest/download`). Unset: no Downloads
   * links and no update checks.
   */
  DESKTOP_RELEASES_URL: optional,
  /** Requests per minute allowed on `POST /api/leads` per IP (0 disables; for benchmarks only). */
  LEAD_RATE_LIMIT: z.coerce.number().int().min(0).default(5),
  /**
   * How long `POST /api/leads` waits for the two emails before it answers with what it knows (ms). Sends
   * still in flight go on; the outbox retries the ones that fail.
   */
  LEAD_MAIL_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
  /**
   * Confirmation emails (lead confirmations and newsletter confirmation links) the server sends per hour,
   * across all visitors: past it they are held back and a log line says so.
   */
  CONFIRMATION_MAIL_HOURLY_CAP: z.coerce.number().int().min(1).default(200),
  /**
   * Sales notifications (one per lead) the server sends per hour, across all instances: past it they are
   * held back and each hour's held leads go to sales in one digest once the hour has ended.
   */
  SALES_NOTIFICATION_HOURLY_CAP: z.coerce.number().int().min(1).default(60),
  /**
   * Newsletter messages per minute, across every server instance together (they share one budget in the
   * database). Set it to what your SMTP provider allows.
   */
  NEWSLETTER_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /**
   * How often each instance's lead outbox looks for leads whose emails are due (a retry after a failure, a
   * lead another instance held when it stopped). Shorter costs one small query per instance each time.
   */
  LEAD_OUTBOX_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /**
   * Development and tests only: webhook endpoints at http://127.0.0.1 are allowed (nothing else private or
   * loopback ever is).
   */
  WEBHOOK_ALLOW_LOOPBACK: z
    .string()
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  /** How often each instance looks for webhook deliveries that are due (retries, other instances' leftovers). */
  WEBHOOK_OUTBOX_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
  /**
   * Tests only: multiplies the webhook retry waits (1 min … 6 h), the 3-day give-up and the delivery lease, so
   * a test can live through "3 days" in seconds. 1 in production.
   */
  WEBHOOK_TIME_SCALE: z.coerce.number().min(0.00001).max(1).default(1),
  /** Behind a reverse proxy: take the client IP for rate limits from the last X-Forwarded-For hop. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  /** Longest time a client may take to send a request's headers (ms). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10_000),
  /** Longest time a client may take to send a whole request, body included (ms). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  /**
   * Memory for rendered public pages (/post, /resources, /api/posts) kept per version of what they show, in
   * MB (0: render every request).
   */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Skip the build-if-stale step (tests and the dev server build separately). */
  SKIP_BUILD: z
    .string()
    .optional()
    .transform((v) => v === '1' || v === 'true'),
})

export type Env = Omit<z.infer<typeof envSchema>, 'HOST'> & { HOST: string }

/** Where a server with no HOST listens: a local-mode server holds the editor's data, so only this machine. */
export const defaultHost = (hosted: boolean) => (hosted ? '0.0.0.0' : '127.0.0.1')

/** Parses the environment; lists every bad variable at once instead of failing on the first. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`)
  }
  const parsed = result.data
  const hosted = [parsed.SUPABASE_URL, parsed.SUPABASE_ANON_KEY, parsed.SUPABASE_SERVICE_ROLE_KEY]
  if (hosted.some(Boolean) && !hosted.every(Boolean)) {
    throw new Error(
      'Invalid environment configuration:\n  SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY must be set together (or all left unset for the embedded backend).',
    )
  }
  return { ...parsed, HOST: parsed.HOST ?? defaultHost(Boolean(parsed.SUPABASE_URL)) }
}

/**
 * Node's HTTP server options for both listeners: a client that sends its headers or body slowly, or promises
 * more body than it sends, is answered 408 and cut off after these times instead of holding a connection
 * for Node's default of 5 minutes. Checked every second (Node's default: every 30 s).
 */
export function httpServerOptions(env: Env) {
  return {
    headersTimeout: Math.min(env.HEADERS_TIMEOUT_MS, env.REQUEST_TIMEOUT_MS),
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: 1_000,
  }
}
