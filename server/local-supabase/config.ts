import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse, TomlError } from 'smol-toml'
import { z } from 'zod'
import { supabaseDir } from './database.ts'

/**
 * `supabase/config.toml` read with a TOML parser (smol-toml): the full TOML grammar, so the file can use
 * anything the Supabase CLI accepts. A syntax error names the file and line rather than guessing a setting.
 */
export function readToml(text: string, source = 'config.toml'): Record<string, unknown> {
  try {
    return parse(text)
  } catch (err) {
    if (err instanceof TomlError)
      throw new Error(`${source}:${err.line}: ${err.message.split('\n')[0]}`, { cause: err })
    throw err
  }
}

/** "10MiB", "500KB", "1GB" or a number of bytes, as the Supabase CLI accepts. */
export function parseByteSize(value: unknown, fallback: number): number {
  if (value === undefined) return fallback
  if (typeof value === 'number') return value
  const m = typeof value === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*([KMG]i?B|B)?\s*$/i.exec(value) : null
  if (!m) throw new Error(`config.toml: cannot read the size "${String(value)}" (use e.g. "10MiB")`)
  const unit = (m[2] ?? 'B').toUpperCase()
  const factor: Record<string, number> = {
    B: 1,
    KB: 1e3,
    MB: 1e6,
    GB: 1e9,
    KIB: 2 ** 10,
    MIB: 2 ** 20,
    GIB: 2 ** 30,
  }
  return Math.round(Number(m[1]) * factor[unit])
}

export interface BucketConfig {
  public: boolean
  /** Bytes. */
  fileSizeLimit: number
  allowedMimeTypes: string[]
}

/** The settings of `supabase/config.toml` the embedded backend honours. */
export interface LocalSupabaseConfig {
  api: { maxRows: number }
  auth: {
    siteUrl: string
    /** Seconds an access token lives (`expires_in`). */
    jwtExpiry: number
    enableSignup: boolean
    refreshTokenRotation: boolean
    /** Seconds during which a just-rotated refresh token may be reused (concurrent tabs). */
    refreshTokenReuseInterval: number
    minimumPasswordLength: number
    /** Failed password sign-ins allowed per 5 minutes per IP and email. */
    signInRateLimit: number
  }
  storage: { fileSizeLimit: number; buckets: Record<string, BucketConfig> }
}

/** A table whose keys all have defaults: a missing table reads as an empty one. */
const table = <S extends z.ZodRawShape>(shape: S) =>
  z.looseObject(shape).prefault({} as z.input<z.ZodObject<S>>)
const size = z.union([z.string(), z.number()]).optional()

/** The part of config.toml the embedded backend reads; a setting of the wrong type is an error naming it. */
const configFileSchema = z.looseObject({
  api: table({ max_rows: z.number().int().positive().default(1000) }),
  auth: table({
    site_url: z.string().default('http://localhost:8080'),
    jwt_expiry: z.number().int().positive().default(3600),
    enable_signup: z.boolean().default(true),
    enable_refresh_token_rotation: z.boolean().default(true),
    refresh_token_reuse_interval: z.number().nonnegative().default(10),
    minimum_password_length: z.number().int().nonnegative().default(6),
    email: table({ enable_signup: z.boolean().default(true) }),
    rate_limit: table({ sign_in_sign_ups: z.number().int().positive().default(30) }),
  }),
  storage: table({
    file_size_limit: size,
    buckets: z
      .record(
        z.string(),
        z.looseObject({
          public: z.boolean().default(false),
          file_size_limit: size,
          allowed_mime_types: z.array(z.string()).default([]),
        }),
      )
      .default({}),
  }),
})

/** Reads `supabase/config.toml` (or `file`) into the settings above, with Supabase's defaults. */
export function loadSupabaseConfig(file = path.join(supabaseDir, 'config.toml')): LocalSupabaseConfig {
  const parsed = configFileSchema.safeParse(readToml(readFileSync(file, 'utf8'), path.basename(file)))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new Error(`${path.basename(file)}: ${issue.path.join('.')}: ${issue.message}`)
  }
  const { api, auth, storage } = parsed.data
  const storageLimit = parseByteSize(storage.file_size_limit, 50 * 2 ** 20)
  const buckets: Record<string, BucketConfig> = {}
  for (const [id, b] of Object.entries(storage.buckets)) {
    buckets[id] = {
      public: b.public,
      fileSizeLimit: Math.min(parseByteSize(b.file_size_limit, storageLimit), storageLimit),
      allowedMimeTypes: b.allowed_mime_types,
    }
  }
  return {
    api: { maxRows: api.max_rows },
    auth: {
      siteUrl: auth.site_url,
      jwtExpiry: auth.jwt_expiry,
      // Sign-up is on only if both the global and the email switch allow it, as in GoTrue.
      enableSignup: auth.enable_signup && auth.email.enable_signup,
      refreshTokenRotation: auth.enable_refresh_token_rotation,
      refreshTokenReuseInterval: auth.refresh_token_reuse_interval,
      minimumPasswordLength: auth.minimum_password_length,
      signInRateLimit: auth.rate_limit.sign_in_sign_ups,
    },
    storage: { fileSizeLimit: storageLimit, buckets },
  }
}
