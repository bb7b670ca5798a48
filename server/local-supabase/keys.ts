import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Context } from 'hono'
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose'

/** The three secrets of a Supabase project, generated once per data directory. */
export interface LocalSupabaseKeys {
  jwtSecret: string
  anonKey: string
  serviceRoleKey: string
}

/** The roles a verified token may carry; nothing else ever reaches `set local role`. */
export const requestRoles = ['anon', 'authenticated', 'service_role'] as const
export type RequestRole = (typeof requestRoles)[number]

/** Claims of a verified JWT (Supabase's shape; extra claims pass through untouched). */
export interface JwtClaims extends JWTPayload {
  role: RequestRole
  sub?: string
  email?: string
  session_id?: string
  aal?: string
  amr?: { method: string; timestamp: number }[]
  app_metadata?: Record<string, unknown>
  user_metadata?: Record<string, unknown>
  is_anonymous?: boolean
}

/** What a request runs as: the role for `set local role` and the claims for `request.jwt.claims`. */
export interface RequestIdentity {
  role: RequestRole
  claims: JwtClaims
}

/** The claims `signAccessToken` puts into a signed-in user's access token. */
export interface AccessTokenClaims {
  sub: string
  email: string
  role: 'authenticated'
  session_id: string
  aal: 'aal1' | 'aal2'
  amr: { method: string; timestamp: number }[]
  app_metadata: Record<string, unknown>
  user_metadata: Record<string, unknown>
  is_anonymous: false
}

const secretsFile = 'secrets.json'
// Supabase's own API keys expire in ~10 years; ours never need rotating during a local project's life.
const apiKeyLifetimeSeconds = 10 * 365 * 24 * 60 * 60

const encoder = new TextEncoder()
const secretBytes = (secret: string) => encoder.encode(secret)

async function signApiKey(secret: string, role: 'anon' | 'service_role'): Promise<string> {
  const iat = Math.floor(Date.now() / 1000)
  return new SignJWT({ iss: 'supabase', ref: 'local', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + apiKeyLifetimeSeconds)
    .sign(secretBytes(secret))
}

function isKeys(value: unknown): value is LocalSupabaseKeys {
  const v = value as Partial<LocalSupabaseKeys> | null
  return (
    !!v &&
    typeof v.jwtSecret === 'string' &&
    v.jwtSecret.length >= 32 &&
    typeof v.anonKey === 'string' &&
    typeof v.serviceRoleKey === 'string'
  )
}

/**
 * Reads `DATA_DIR/secrets.json`, or generates the JWT secret and the anon / service-role keys on first start.
 * The file is written with mode 0600: the service-role key bypasses every RLS policy.
 */
export async function loadOrCreateKeys(dataDir: string): Promise<LocalSupabaseKeys> {
  const file = path.join(dataDir, secretsFile)
  if (existsSync(file)) {
    let parsed: unknown
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'))
    } catch {
      throw new Error(
        `${file} is not valid JSON. Delete it to generate new keys (signed-in sessions will end).`,
      )
    }
    if (!isKeys(parsed))
      throw new Error(
        `${file} is missing jwtSecret, anonKey or serviceRoleKey. Delete it to generate new keys.`,
      )
    // Keys signed with another secret would fail every request with 401: catch that at start instead.
    await verifyJwt(parsed.jwtSecret, parsed.anonKey)
    await verifyJwt(parsed.jwtSecret, parsed.serviceRoleKey)
    return { jwtSecret: parsed.jwtSecret, anonKey: parsed.anonKey, serviceRoleKey: parsed.serviceRoleKey }
  }
  const jwtSecret = randomBytes(48).toString('base64url')
  const keys: LocalSupabaseKeys = {
    jwtSecret,
    anonKey: await signApiKey(jwtSecret, 'anon'),
    serviceRoleKey: await signApiKey(jwtSecret, 'service_role'),
  }
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: 'wx' })
  chmodSync(file, 0o600)
  return keys
}

/** Signs a signed-in user's access token (HS256, Supabase's claims), valid for `expiresIn` seconds. */
export async function signAccessToken(
  secret: string,
  claims: AccessTokenClaims,
  expiresIn = 3600,
): Promise<string> {
  const iat = Math.floor(Date.now() / 1000)
  return new SignJWT({ ...claims, aud: 'authenticated', iss: 'supabase' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + expiresIn)
    .sign(secretBytes(secret))
}

/** Thrown for any token that must not be trusted; `message` is safe to show to the caller. */
export class InvalidJwtError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'InvalidJwtError'
  }
}

/**
 * Verifies an HS256 token and returns its claims. Rejects `alg: none` and every other algorithm,
 * bad signatures, expired tokens, tokens without `exp`, and roles outside the allow-list.
 */
export async function verifyJwt(secret: string, token: string): Promise<JwtClaims> {
  let payload: JWTPayload
  try {
    ;({ payload } = await jwtVerify(token, secretBytes(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
    }))
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new InvalidJwtError('JWT expired')
    if (err instanceof joseErrors.JWTClaimValidationFailed)
      throw new InvalidJwtError(`JWT claim invalid: ${err.claim}`)
    if (err instanceof joseErrors.JOSEAlgNotAllowed) throw new InvalidJwtError('JWT algorithm not allowed')
    if (err instanceof joseErrors.JWSSignatureVerificationFailed)
      throw new InvalidJwtError('JWT signature is invalid')
    throw new InvalidJwtError('JWT is malformed')
  }
  if (typeof payload.role !== 'string' || !(requestRoles as readonly string[]).includes(payload.role)) {
    throw new InvalidJwtError('JWT role is not allowed')
  }
  return payload as JwtClaims
}

function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match ? match[1] : undefined
}

/** PostgREST's reply for a request without a usable token. */
function unauthorized(c: Context, message: string, code = 'PGRST301'): Response {
  c.header(
    'WWW-Authenticate',
    `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"`,
  )
  return c.json({ code, details: null, hint: null, message }, 401)
}

// Every request carries the anon key and usually the same user token: remember tokens already verified
// (per key set, bounded) until they expire, instead of checking the HMAC again each time.
const verifiedTokens = new WeakMap<LocalSupabaseKeys, Map<string, JwtClaims>>()
const maxCachedTokens = 1000

async function verifyCached(keys: LocalSupabaseKeys, token: string): Promise<JwtClaims> {
  let cache = verifiedTokens.get(keys)
  if (!cache) verifiedTokens.set(keys, (cache = new Map()))
  const hit = cache.get(token)
  if (hit && typeof hit.exp === 'number' && hit.exp > Date.now() / 1000) return hit
  if (hit) cache.delete(token)
  const claims = await verifyJwt(keys.jwtSecret, token)
  if (cache.size >= maxCachedTokens) cache.delete(cache.keys().next().value!)
  cache.set(token, claims)
  return claims
}

/**
 * Who is calling: verifies `Authorization: Bearer <jwt>` (falling back to the `apikey` header, as
 * Supabase's gateway does) and returns the role and claims, or a 401 Response in PostgREST's shape.
 * A present `apikey` must itself be a valid key, so a stray header cannot smuggle in a bad token.
 */
export async function requestRole(c: Context, keys: LocalSupabaseKeys): Promise<RequestIdentity | Response> {
  const apikey = c.req.header('apikey')?.trim() || undefined
  const authorization = c.req.header('authorization')
  const bearer = bearerToken(authorization)
  if (authorization && !bearer) return unauthorized(c, 'Authorization header must be "Bearer <token>"')
  const token = bearer ?? apikey
  if (!token) return unauthorized(c, 'No API key found in request', 'PGRST302')
  try {
    if (apikey && apikey !== token) await verifyCached(keys, apikey)
    const claims = await verifyCached(keys, token)
    return { role: claims.role, claims }
  } catch (err) {
    if (err instanceof InvalidJwtError)
      return unauthorized(c, err.message, err.message === 'JWT expired' ? 'PGRST303' : 'PGRST301')
    throw err
  }
}
