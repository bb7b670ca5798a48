import { readFileSync } from 'node:fs'
import path from 'node:path'
import { supabaseDir } from './database.ts'

export type TomlValue = string | number | boolean | TomlValue[] | TomlTable
export interface TomlTable {
  [key: string]: TomlValue
}

/**
 * Reads the small TOML subset `supabase/config.toml` uses: `[a.b]` tables, `key = value` with strings,
 * numbers, booleans and one-line arrays, `#` comments. Anything else is an error naming the line,
 * rather than a silently wrong setting.
 */
export function parseToml(text: string, source = 'config.toml'): TomlTable {
  const root: TomlTable = {}
  let table = root
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = stripComment(raw).trim()
    if (line === '') return
    const fail = (why: string): never => {
      throw new Error(`${source}:${index + 1}: ${why}`)
    }
    const header = /^\[([A-Za-z0-9_.-]+)\]$/.exec(line)
    if (header) {
      table = root
      for (const part of header[1].split('.')) {
        const next = table[part] ?? {}
        if (typeof next !== 'object' || Array.isArray(next)) fail(`"${part}" is not a table`)
        table[part] = next
        table = next as TomlTable
      }
      return
    }
    const pair = /^([A-Za-z0-9_-]+)\s*=\s*(.+)$/.exec(line)
    if (!pair) return fail(`cannot read "${line}"`)
    const [value, rest] = parseValue(pair[2], fail)
    if (rest.trim() !== '') fail(`unexpected "${rest.trim()}" after the value`)
    table[pair[1]] = value
  })
  return root
}

function stripComment(line: string): string {
  let quote: string | null = null
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]
    if (quote) {
      if (ch === '\\' && quote === '"') i++
      else if (ch === quote) quote = null
    } else if (ch === '"' || ch === "'") quote = ch
    else if (ch === '#') return line.slice(0, i)
  }
  return line
}

function parseValue(text: string, fail: (why: string) => never): [TomlValue, string] {
  const s = text.trimStart()
  if (s.startsWith('"')) {
    const m = /^"((?:[^"\\]|\\.)*)"/.exec(s)
    if (!m) fail('unterminated string')
    return [JSON.parse(`"${m![1]}"`) as string, s.slice(m![0].length)]
  }
  if (s.startsWith("'")) {
    const end = s.indexOf("'", 1)
    if (end < 0) fail('unterminated string')
    return [s.slice(1, end), s.slice(end + 1)]
  }
  if (s.startsWith('[')) {
    const items: TomlValue[] = []
    let rest = s.slice(1).trimStart()
    while (!rest.startsWith(']')) {
      if (rest === '') fail('unterminated array (arrays must be on one line)')
      const [item, after] = parseValue(rest, fail)
      items.push(item)
      rest = after.trimStart()
      if (rest === '') fail('unterminated array (arrays must be on one line)')
      if (rest.startsWith(',')) rest = rest.slice(1).trimStart()
      else if (!rest.startsWith(']')) fail('expected "," or "]" in array')
    }
    return [items, rest.slice(1)]
  }
  const m = /^(true|false|[+-]?\d[\d_]*(?:\.\d+)?)/.exec(s)
  if (!m) return fail(`unsupported value "${s}"`)
  const token = m[1]
  const value = token === 'true' ? true : token === 'false' ? false : Number(token.replace(/_/g, ''))
  return [value, s.slice(token.length)]
}

/** "10MiB", "500KB", "1GB" or a number of bytes, as the Supabase CLI accepts. */
export function parseByteSize(value: TomlValue | undefined, fallback: number): number {
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

const table = (v: TomlValue | undefined): TomlTable =>
  v && typeof v === 'object' && !Array.isArray(v) ? v : {}
const bool = (v: TomlValue | undefined, fallback: boolean) => (typeof v === 'boolean' ? v : fallback)
const num = (v: TomlValue | undefined, fallback: number) => (typeof v === 'number' ? v : fallback)
const str = (v: TomlValue | undefined, fallback: string) => (typeof v === 'string' ? v : fallback)
const strings = (v: TomlValue | undefined) =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []

/** Reads `supabase/config.toml` (or `file`) into the settings above, with Supabase's defaults. */
export function loadSupabaseConfig(file = path.join(supabaseDir, 'config.toml')): LocalSupabaseConfig {
  const toml = parseToml(readFileSync(file, 'utf8'), path.basename(file))
  const api = table(toml.api)
  const auth = table(toml.auth)
  const email = table(auth.email)
  const rateLimit = table(auth.rate_limit)
  const storage = table(toml.storage)
  const storageLimit = parseByteSize(storage.file_size_limit, 50 * 2 ** 20)
  const buckets: Record<string, BucketConfig> = {}
  for (const [id, raw] of Object.entries(table(storage.buckets))) {
    const b = table(raw)
    buckets[id] = {
      public: bool(b.public, false),
      fileSizeLimit: Math.min(parseByteSize(b.file_size_limit, storageLimit), storageLimit),
      allowedMimeTypes: strings(b.allowed_mime_types),
    }
  }
  return {
    api: { maxRows: num(api.max_rows, 1000) },
    auth: {
      siteUrl: str(auth.site_url, 'http://localhost:8080'),
      jwtExpiry: num(auth.jwt_expiry, 3600),
      // Sign-up is on only if both the global and the email switch allow it, as in GoTrue.
      enableSignup: bool(auth.enable_signup, true) && bool(email.enable_signup, true),
      refreshTokenRotation: bool(auth.enable_refresh_token_rotation, true),
      refreshTokenReuseInterval: num(auth.refresh_token_reuse_interval, 10),
      minimumPasswordLength: num(auth.minimum_password_length, 6),
      signInRateLimit: num(rateLimit.sign_in_sign_ups, 30),
    },
    storage: { fileSizeLimit: storageLimit, buckets },
  }
}
