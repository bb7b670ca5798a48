import type { Context } from 'hono'
import { timingSafeEqual } from 'node:crypto'
import { verifyEditorToken, type VerifiedEditor } from '../../shared/data/editor-access.ts'
import type { ServerContext } from '../context.ts'
import { callerClient } from '../supabase-clients.ts'

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

/**
 * The signed-in editor behind a bearer token, or null. Goes through supabase-js (GoTrue + the `editors` table
 * under RLS), so it works the same against hosted Supabase and the embedded backend.
 */
export async function editorFromToken(ctx: ServerContext, token: string): Promise<VerifiedEditor | null> {
  return verifyEditorToken(callerClient(ctx, token), token)
}

/**
 * The editor behind the request's bearer token (null when there is no token or it is not an editor's), or a
 * 502 reply when the check itself could not be made: a staff endpoint answers that rather than a false 401.
 */
export async function editorOfRequest(
  ctx: ServerContext,
  c: Context,
  token: string | null,
): Promise<VerifiedEditor | null | Response> {
  if (!token) return null
  try {
    return await editorFromToken(ctx, token)
  } catch (err) {
    ctx.logger.error({ err }, 'could not verify an editor token')
    return c.json(
      { success: false, message: 'Could not verify your session right now. Please try again.' },
      502,
    )
  }
}

/** Who may use a staff tool: a signed-in editor, or a caller holding the server's service-role key. */
export type StaffCaller = { kind: 'editor'; editor: VerifiedEditor } | { kind: 'service' }

/**
 * The staff caller behind the request's bearer token: an editor's access token or the service-role key
 * (scripts, tests, operators). Null for anyone else; a 502 reply when the editor check itself failed.
 */
export async function staffOfRequest(ctx: ServerContext, c: Context): Promise<StaffCaller | null | Response> {
  const token = bearerToken(c.req.header('Authorization'))
  if (token && sameSecret(token, ctx.supabase.serviceRoleKey)) return { kind: 'service' }
  const editor = await editorOfRequest(ctx, c, token)
  if (editor instanceof Response || editor === null) return editor
  return { kind: 'editor', editor }
}
