import { serve, type ServerType } from '@hono/node-server'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pino from 'pino'
import { adminPath, brand } from '../shared/config/brand.ts'
import { createApp } from './app.ts'
import { httpServerOptions, parseEnv, type Env } from './config/env.ts'
import type { ServerContext } from './context.ts'
import { checkDataDirectory, DataDirectoryError, diskProblemOf } from './failures.ts'
import { startEmailService } from './email-service.ts'
import { startLocalSupabase } from './local-supabase/index.ts'
import { startMail } from './mail/index.ts'
import { createMailOutboxes } from './mail/outboxes.ts'
import { createServerWebhookOutbox } from './api/webhooks.ts'
import { createConfirmationGate } from './mail/confirmation-cap.ts'
import { createDatabaseRateLimits } from './rate-limits.ts'
import { serviceClient } from './supabase-clients.ts'
import { ensureSiteBuilt } from './web/build.ts'
import { preparePostsSoon } from './web/prepared-posts.ts'

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export interface RunningServer {
  /** Base URL of the site, e.g. http://127.0.0.1:8080 */
  url: string
  /** Base URL of the email service listener. */
  emailServiceUrl: string
  ctx: ServerContext
  close(): Promise<void>
}

/** What a person starting the server needs to see, in words rather than JSON. */
function startBanner(ctx: ServerContext, editor: { email: string; password: string } | null): string {
  const lines = [
    `  ${brand.name} is running`,
    `  Site            ${ctx.publicUrl}`,
    `  Blog admin      ${ctx.publicUrl}${adminPath}`,
    `  Email service   ${ctx.emailServiceUrl}`,
  ]
  if (ctx.localSupabase) lines.push(`  Captured mail   ${ctx.publicUrl}/api/dev/mail (editors only)`)
  lines.push(`  Listening on    ${listeningOn(ctx.env.HOST)}`)
  if (editor) {
    lines.push(
      '',
      '  A local editor account was created. Its password is shown only this once:',
      `    email      ${editor.email}`,
      `    password   ${editor.password}`,
      '  To change it, stop the server and run: npm run editor -- add <email> --password <new password>',
    )
  }
  const rule = '-'.repeat(Math.max(...lines.map((l) => l.length)) + 2)
  return `\n${rule}\n${lines.join('\n')}\n${rule}\n\n`
}

/** The banner's words for HOST: loopback means nobody else on the network can reach the server. */
function listeningOn(host: string): string {
  if (host === '127.0.0.1' || host === '::1' || host === 'localhost')
    return `${host}, this computer only (set HOST=0.0.0.0 to allow other machines)`
  if (host === '0.0.0.0' || host === '::') return `${host}, every network interface`
  return host
}

function listen(app: { fetch: (req: Request) => Response | Promise<Response> }, env: Env) {
  return new Promise<{ server: ServerType; port: number }>((resolve, reject) => {
    const options = {
      fetch: app.fetch,
      port: env.PORT,
      hostname: env.HOST,
      serverOptions: httpServerOptions(env),
    }
    const server = serve(options, (info) => resolve({ server, port: info.port }))
    server.once('error', reject)
  })
}

function closeServer(server: ServerType) {
  return new Promise<void>((resolve) => {
    server.close(() => resolve())
    // Finish in-flight requests, then drop idle keep-alive sockets so close() does not hang.
    if ('closeIdleConnections' in server) server.closeIdleConnections()
  })
}

/**
 * Starts the whole product in this process: embedded backend (local mode), mail, site + API, email service.
 * `overrides` take precedence over process.env (tests pass ports 0 and a temporary DATA_DIR).
 */
export async function startServer(
  overrides: Record<string, string | undefined> = {},
  options: { logDestination?: pino.DestinationStream } = {},
): Promise<RunningServer> {
  const env = parseEnv({ ...process.env, ...overrides })
  // The structured log goes to stdout, or where a caller (a test reading the log) says.
  const logger = options.logDestination
    ? pino({ level: env.LOG_LEVEL, base: undefined }, options.logDestination)
    : pino({ level: env.LOG_LEVEL, base: undefined })
  const dataDir = path.resolve(projectRoot, env.DATA_DIR)
  checkDataDirectory(dataDir)

  if (!env.SKIP_BUILD) await ensureSiteBuilt(logger, path.resolve(projectRoot, env.SITE_DIR))

  // A disk that fills up while the database or the mail capture opens is named like one that was full.
  const explainDisk = (err: unknown): never => {
    const problem = diskProblemOf(err)
    throw problem ? new DataDirectoryError(dataDir, problem, err) : err
  }
  const localSupabase = env.SUPABASE_URL
    ? null
    : await startLocalSupabase({ dataDir, logger, trustProxy: env.TRUST_PROXY }).catch(explainDisk)
  const mail = await startMail({ env, dataDir, logger }).catch(async (err: unknown) => {
    await localSupabase?.close()
    return explainDisk(err)
  })

  // Counters live in the database (every instance shares them); the client is made on first use, once the
  // backend's URL is known.
  const rateLimits = createDatabaseRateLimits(
    env,
    () => serviceClient(ctx),
    logger.child({ component: 'rate-limits' }),
  )
  const ctx: ServerContext = {
    env,
    logger,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    supabase: localSupabase
      ? {
          url: '',
          anonKey: localSupabase.keys.anonKey,
          serviceRoleKey: localSupabase.keys.serviceRoleKey,
          local: true,
        }
      : {
          url: env.SUPABASE_URL!,
          anonKey: env.SUPABASE_ANON_KEY!,
          serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY!,
          local: false,
        },
    localSupabase,
    mail,
    rateLimits,
    confirmationGate: createConfirmationGate({
      rateLimits,
      hourlyCap: env.CONFIRMATION_MAIL_HOURLY_CAP,
      logger: logger.child({ component: 'confirmation-cap' }),
    }),
    siteDir: path.resolve(projectRoot, env.SITE_DIR),
    emailServiceUrl: env.EMAIL_SERVICE_URL ?? `http://localhost:${env.EMAIL_SERVICE_PORT}`,
    desktopReleasesUrl: env.DESKTOP_RELEASES_URL ?? null,
  }

  const outboxes = createMailOutboxes({
    ...ctx,
    client: () => serviceClient(ctx),
    publicUrl: () => ctx.publicUrl,
  })
  ctx.leadOutbox = outboxes.lead
  ctx.newsletterOutbox = outboxes.newsletter
  ctx.webhookOutbox = createServerWebhookOutbox(ctx)
  const app = createApp(ctx)
  const { server, port } = await listen(app, env)
  const url = `http://127.0.0.1:${port}`
  if (localSupabase) {
    ctx.supabase.url = url
    // The server's own requests to the embedded backend (a page's data, the outboxes) reach its handler
    // here: the same requests and answers, without a loopback connection each (a tenth of a first render).
    ctx.supabase.fetch = async (input, init) => app.fetch(new Request(input, init))
  }
  if (!env.PUBLIC_URL) ctx.publicUrl = `http://localhost:${port}`

  ctx.leadOutbox.start()
  ctx.newsletterOutbox.start()
  // Post bodies not yet prepared, or prepared under the sanitiser's earlier rules, are prepared again.
  preparePostsSoon(ctx)
  ctx.webhookOutbox.start()

  const emailService = await startEmailService(ctx)
  if (!env.EMAIL_SERVICE_URL) ctx.emailServiceUrl = `http://localhost:${emailService.port}`

  let generatedEditor: { email: string; password: string } | null = null
  if (localSupabase) {
    const editor = await localSupabase.ensureEditor(env.EDITOR_EMAIL, env.EDITOR_PASSWORD)
    if (editor?.generatedPassword) {
      generatedEditor = { email: editor.email, password: editor.generatedPassword }
      // The password goes to the terminal once, never into the structured logs.
      logger.warn(
        { email: editor.email },
        'Created a local editor account; its password is printed once below',
      )
    }
  }

  logger.info(
    { url: ctx.publicUrl, emailService: ctx.emailServiceUrl, mode: localSupabase ? 'local' : 'hosted' },
    'Meridian is running',
  )
  if (env.LOG_LEVEL !== 'silent') process.stdout.write(startBanner(ctx, generatedEditor))

  let closing: Promise<void> | null = null
  return {
    url,
    emailServiceUrl: `http://127.0.0.1:${emailService.port}`,
    ctx,
    close() {
      closing ??= (async () => {
        // First: an in-flight lead delivery still needs the backend and the mailer.
        await Promise.all([ctx.leadOutbox?.stop(), ctx.newsletterOutbox?.stop(), ctx.webhookOutbox?.stop()])
        await closeServer(server)
        await emailService.close()
        await mail.close()
        await localSupabase?.close()
      })()
      return closing
    },
  }
}

const isEntry = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (isEntry) {
  startServer().then(
    (running) => {
      const stop = (signal: string) => {
        running.ctx.logger.info({ signal }, 'Shutting down')
        running.close().then(
          () => process.exit(0),
          (err) => {
            running.ctx.logger.error({ err }, 'Shutdown failed')
            process.exit(1)
          },
        )
      }
      process.once('SIGINT', () => stop('SIGINT'))
      process.once('SIGTERM', () => stop('SIGTERM'))
    },
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err)
      process.exit(1)
    },
  )
}
