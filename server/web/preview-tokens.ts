import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'
import type { ServerContext } from '../context.ts'

/**
 * Share links for a post's preview: `/preview/<token>`, where the token names the post and an expiry and is
 * signed with the server's preview secret (HMAC-SHA256). Nothing is stored, so any instance that shares the
 * secret can check a link, and a link cannot be changed to show another post or live longer.
 *
 * The secret: `PREVIEW_SECRET` when set (hosted mode: every instance needs the same one); in local mode,
 * without it, a key derived from the embedded backend's JWT secret in `DATA_DIR/secrets.json` (deleting
 * that file to rotate the keys also ends every preview link).
 */

const tokenPattern =
  /^v1\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/

/** The preview secret of this server, or null when none is configured (hosted mode without PREVIEW_SECRET). */
export function previewSecret(ctx: ServerContext): Buffer | null {
  if (ctx.env.PREVIEW_SECRET) return Buffer.from(ctx.env.PREVIEW_SECRET)
  const jwtSecret = ctx.localSupabase?.keys.jwtSecret
  if (!jwtSecret) return null
  return Buffer.from(hkdfSync('sha256', jwtSecret, '', 'meridian preview links v1', 32))
}

function signature(secret: Buffer, postId: string, expires: number): string {
  return createHmac('sha256', secret).update(`preview:v1:${postId}:${expires}`).digest('base64url')
}

/** A token for the post `postId` that works until `expiresAt` (rounded down to the second). */
export function signPreviewToken(secret: Buffer, postId: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000)
  return `v1.${postId.toLowerCase()}.${expires}.${signature(secret, postId.toLowerCase(), expires)}`
}

/**
 * The post id a token names, if its signature is this server's (compared in constant time) and it has not
 * expired at `now`; null for anything else.
 */
export function verifyPreviewToken(secret: Buffer, token: string, now = Date.now()): string | null {
  const match = tokenPattern.exec(token)
  if (!match) return null
  const [, postId, expiresText, given] = match
  const expires = Number(expiresText)
  const expected = Buffer.from(signature(secret, postId, expires))
  const actual = Buffer.from(given)
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null
  return expires * 1000 > now ? postId : null
}
