import { Hono } from 'hono'
import { diskProblemOf, isClientGone } from '../../failures.ts'
import { createAdminLinkRoutes } from './admin-links.ts'
import { createAdminUserRoutes } from './admin-users.ts'
import { createConfirmationRoutes } from './confirmations.ts'
import { createAuthContext, type AuthDeps } from './context.ts'
import { authError } from './http.ts'
import { createLinkRoutes } from './links.ts'
import { createTokenRoutes } from './tokens.ts'
import { createUserRoutes } from './user.ts'

export type { AuthDeps, AuthMail, AuthMailer } from './context.ts'

/**
 * GoTrue (Supabase Auth) subset at `/auth/v1`: what supabase-js's auth client calls for email + password
 * accounts. Wire shapes follow GoTrue's API version 2024-01-01, which auth-js announces in
 * `X-Supabase-Api-Version` and reads back from the reply to decide how to parse `code`.
 */
const API_VERSION = '2024-01-01'

const settings = {
  external: {
    anonymous_users: false,
    apple: false,
    azure: false,
    bitbucket: false,
    discord: false,
    email: true,
    facebook: false,
    figma: false,
    github: false,
    gitlab: false,
    google: false,
    keycloak: false,
    kakao: false,
    linkedin_oidc: false,
    notion: false,
    phone: false,
    saml: false,
    slack_oidc: false,
    spotify: false,
    twitch: false,
    twitter: false,
    workos: false,
    zoom: false,
  },
  disable_signup: true,
  mailer_autoconfirm: false,
  phone_autoconfirm: false,
  sms_provider: '',
  saml_enabled: false,
}

export function createAuthApp(deps: AuthDeps): Hono {
  const ctx = createAuthContext(deps)
  const { logger } = ctx
  const app = new Hono()

  app.use('*', async (c, next) => {
    c.header('X-Supabase-Api-Version', API_VERSION)
    // Tokens and user data must never sit in a shared cache.
    c.header('Cache-Control', 'no-store')
    await next()
  })

  const routeSets = [
    createTokenRoutes,
    createUserRoutes,
    createLinkRoutes,
    createConfirmationRoutes,
    createAdminUserRoutes,
    createAdminLinkRoutes,
  ]
  for (const routes of routeSets) app.route('/', routes(ctx))

  app.get('/settings', (c) => c.json(settings))

  // HS256 projects publish no public keys; auth-js then verifies tokens through GET /user.
  app.get('/.well-known/jwks.json', (c) => c.json({ keys: [] }))

  app.get('/health', (c) =>
    c.json({ version: 'local', name: 'GoTrue', description: 'Meridian embedded Auth (GoTrue subset)' }),
  )

  // Public sign-up is off: editors are added with `npm run editor -- add <email>`.
  app.post('/signup', (c) => authError(c, 422, 'signup_disabled', 'Signups not allowed for this instance'))

  app.all('*', (c) =>
    authError(c, 404, 'not_found', 'This Auth endpoint is not available in the local backend'),
  )

  app.onError((err, c) => {
    if (isClientGone(err, c)) {
      logger.info({ path: c.req.path }, 'client closed the connection mid-request')
      return authError(c, 400, 'request_aborted', 'The request was closed before it arrived')
    }
    if (diskProblemOf(err)) {
      // Signing in stores a session and a refresh token: with no room for them, say why, plainly.
      logger.warn({ err, path: c.req.path }, 'Auth request failed: the data directory cannot be written')
      return authError(
        c,
        503,
        'insufficient_storage',
        "Signing in is not possible right now: the server's disk is full. Please try again later.",
      )
    }
    logger.error({ err, path: c.req.path }, 'Auth request failed')
    // A genuine server fault: 500 makes auth-js retry later and keep the session rather than drop it.
    return authError(c, 500, 'unexpected_failure', 'The request could not be processed')
  })

  return app
}
