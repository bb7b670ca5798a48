import type { Hono } from 'hono'
import type { Logger } from 'pino'

export interface LocalSupabaseKeys {
  jwtSecret: string
  anonKey: string
  serviceRoleKey: string
}

export interface EnsuredEditor {
  email: string
  /** Present only when the password was generated now (print it once). */
  generatedPassword?: string
  created: boolean
}

/** The embedded Supabase-compatible backend: `/rest/v1`, `/auth/v1`, `/storage/v1` on the site's origin. */
export interface LocalSupabase {
  app: Hono
  keys: LocalSupabaseKeys
  /** Create or update an editor (EDITOR_EMAIL / EDITOR_PASSWORD), or generate one on first start. */
  ensureEditor(email?: string, password?: string): Promise<EnsuredEditor | null>
  close(): Promise<void>
}

export async function startLocalSupabase(_options: { dataDir: string; logger: Logger }): Promise<LocalSupabase> {
  throw new Error('The embedded Supabase backend is not implemented yet')
}
