import type { MiddlewareHandler } from 'hono'
import { timingSafeEqual } from 'node:crypto'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { callerOfToken, type TokenCaller } from '../../shared/data/editor-access.ts'
import type { EditorRole } from '../../shared/schemas/people.ts'
import type { ServerContext } from '../context.ts'
import { callerClient } from '../supabase-clients.ts'
import { refuse, type ReplyShape } from '../http/pipeline.ts'

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')
  return match ? match[1] : null
}

/** Constant-time comparison, so the service token cannot be guessed byte by byte from timings. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The signed-in editor behind a request, and a client acting as them (row-level security applies). */
export interface Editor extends TokenCaller {
  role: EditorRole
  client: SupabaseClient
}

/** Those who may read leads, the captured mail and the staff tools: editors and administrators. */
export const staffRoles: readonly EditorRole[] = ['admin', 'editor']

export interface EditorCheck {
  /** The roles let through. */
  roles: readonly EditorRole[]
  /** The 401's words: no token, or not someone in `editors`. */
  signIn: string
  /** The 401's words for a token that is no longer valid (default: `signIn`). */
  expired?: string
  /** The 403's words for someone in `editors` whose role is not let through (default: the 401). */
  forbidden?: string
  /** Refuse a signed-in person who is not in `editors` with the 403 too (default: the 401). */
  forbidOutsiders?: boolean
  /** How refusals look (the email endpoints answer with a success flag). */
  shape?: ReplyShape
  /** Also let through a secret holder (no editor then: `c.get('editor')` is null). */
  secret?: (ctx: ServerContext) => string | undefined
  /** Answer a 401 with `WWW-Authenticate: Bearer`. */
  challenge?: boolean
}

/**
 * A check's roles and refusals in the admin's words: "Sign in as an editor to {action}." and "Only editors
 * and administrators can {action}.", or for administrators alone "Sign in as an administrator to {action}."
 * and "Only administrators can {action}.".
 */
export function onlyFor(who: 'staff' | 'administrators', action: string): EditorCheck {
  return who === 'staff'
    ? {
        roles: staffRoles,
        signIn: `Sign in as an editor to ${action}.`,
        forbidden: `Only editors and administrators can ${action}.`,
      }
    : {
        roles: ['admin'],
        signIn: `Sign in as an administrator to ${action}.`,
        forbidden: `Only administrators can ${action}.`,
      }
}

/** The admin screens' API: an ended session is told so, and a signed-in outsider is refused with the 403. */
export const forAdminScreens = { expired: 'Your session has ended. Sign in again.', forbidOutsiders: true }

/** The server's service-role key: scripts, tests and operators use staff tools with it. */
export const serviceRoleKey = (ctx: ServerContext) => ctx.supabase.serviceRoleKey

export type EditorEnv<Caller> = { Variables: { editor: Caller } }

/**
 * The one check of a caller on the server: the bearer token is validated by GoTrue (`auth.getUser`) and its
 * role read from the database's `editor_role()`, as that user (`callerOfToken`), so it works the same against
 * hosted Supabase and the embedded backend. A caller let through is on the context, `c.get('editor')`;
 * anyone else gets the route's refusal, and a check that could not be made a 502 (never a false 401).
 */
export function requireEditor(
  ctx: ServerContext,
  check: EditorCheck & { secret: NonNullable<EditorCheck['secret']> },
): MiddlewareHandler<EditorEnv<Editor | null>>
export function requireEditor(ctx: ServerContext, check: EditorCheck): MiddlewareHandler<EditorEnv<Editor>>
export function requireEditor(
  ctx: ServerContext,
  check: EditorCheck,
): MiddlewareHandler<EditorEnv<Editor>> | MiddlewareHandler<EditorEnv<Editor | null>> {
  const shape = check.shape ?? 'message'
  const middleware: MiddlewareHandler<EditorEnv<Editor | null>> = async (c, next) => {
    const unauthorized = (message: string) => {
      if (check.challenge) c.header('WWW-Authenticate', 'Bearer')
      return refuse(c, 401, message, shape)
    }
    const token = bearerToken(c.req.header('Authorization'))
    if (!token) return unauthorized(check.signIn)
    const secret = check.secret?.(ctx)
    if (secret && sameSecret(token, secret)) {
      c.set('editor', null)
      return next()
    }
    const client = callerClient(ctx, token)
    let caller: TokenCaller | null
    try {
      caller = await callerOfToken(client, token)
    } catch (err) {
      ctx.logger.error({ err }, 'could not verify an editor token')
      return refuse(c, 502, 'Could not verify your session right now. Please try again.', shape)
    }
    if (!caller) return unauthorized(check.expired ?? check.signIn)
    const { role } = caller
    if (role === null || !check.roles.includes(role)) {
      const forbidden = check.forbidden && (role !== null || check.forbidOutsiders)
      return forbidden ? refuse(c, 403, check.forbidden!, shape) : unauthorized(check.signIn)
    }
    c.set('editor', { ...caller, role, client })
    return next()
  }
  return middleware
}
