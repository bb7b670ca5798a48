import type { PGlite } from '@electric-sql/pglite'
import type { Logger } from 'pino'
import type { LocalSupabaseConfig } from '../config.ts'
import type { LocalSupabaseKeys } from '../keys.ts'
import { createSignInLimits, type SignInLimits } from './sign-in-limits.ts'
import { MIN_PASSWORD_LENGTH } from './users.ts'

export interface AuthDeps {
  db: PGlite
  keys: LocalSupabaseKeys
  logger: Logger
  /** `[auth]` of supabase/config.toml; Supabase's defaults apply to anything missing. */
  config?: { auth: Partial<AuthSettings> }
  /**
   * Sends invite and password-reset mails (GoTrue's SMTP and templates); set once the server's mailer
   * exists. Without one, invites answer 500 and reset requests are logged and dropped.
   */
  mailer?: { current: AuthMailer | null }
  /** Behind a reverse proxy (TRUST_PROXY): the client address is the last X-Forwarded-For hop. */
  trustProxy?: boolean
}

/** A mail the auth endpoints ask for: the server renders it with its own templates and sends it. */
export type AuthMail =
  /** The link sets a password (the site's admin route with `token_hash` and `type`); `role` is the one given. */
  | { kind: 'invite'; to: string; link: string; role?: string | null }
  | { kind: 'recovery'; to: string; link: string }
  /** A sign-up's confirmation, or a new address's (GoTrue's `/verify` link, back to the site signed in). */
  | { kind: 'confirmation' | 'email_change'; to: string; link: string }
  /** The six-digit code that confirms it is really the user (before a password change). */
  | { kind: 'reauthentication'; to: string; code: string }

export interface AuthMailer {
  /** The site's public origin: links point there unless a `redirect_to` on the same origin says otherwise. */
  siteUrl(): string
  send(mail: AuthMail): Promise<void>
}

type AuthSettings = Pick<
  LocalSupabaseConfig['auth'],
  'jwtExpiry' | 'refreshTokenReuseInterval' | 'minimumPasswordLength' | 'signInRateLimit'
>

/** What every auth room works with: the database, the keys and the settings as they apply. */
export interface AuthContext {
  db: PGlite
  keys: LocalSupabaseKeys
  logger: Logger
  mailer: { current: AuthMailer | null }
  accessTokenSeconds: number
  reuseIntervalSeconds: number
  minPasswordLength: number
  /** Failed password sign-ins per account and per client address (sign-in-limits.ts). */
  signInLimits: SignInLimits
  trustProxy: boolean
}

export function createAuthContext(deps: AuthDeps): AuthContext {
  const settings = deps.config?.auth ?? {}
  return {
    db: deps.db,
    keys: deps.keys,
    logger: deps.logger,
    mailer: deps.mailer ?? { current: null },
    // Under ~90 s supabase-js would refresh constantly.
    accessTokenSeconds: Math.max(settings.jwtExpiry ?? 3600, 300),
    reuseIntervalSeconds: settings.refreshTokenReuseInterval ?? 10,
    // Never below 8, whatever the config says.
    minPasswordLength: Math.max(settings.minimumPasswordLength ?? MIN_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH),
    // `sign_in_sign_ups` of config.toml: the failures a client address may make before it waits.
    signInLimits: createSignInLimits(deps.db, settings.signInRateLimit ?? 30),
    trustProxy: deps.trustProxy ?? false,
  }
}
