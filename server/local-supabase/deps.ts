import type { PGlite } from '@electric-sql/pglite'
import type { Logger } from 'pino'
import type { LocalSupabaseConfig } from './config.ts'
import type { withClaims } from './database.ts'
import type { LocalSupabaseKeys, requestRole, signAccessToken, verifyJwt } from './keys.ts'

/** What the `/auth/v1` and `/storage/v1` apps get from `startLocalSupabase` (one database, one set of keys). */
export interface LocalSupabaseDeps {
  db: PGlite
  keys: LocalSupabaseKeys
  logger: Logger
  /** Absolute DATA_DIR (storage objects live under `<dataDir>/storage`). */
  dataDir: string
  withClaims: typeof withClaims
  verifyJwt: typeof verifyJwt
  signAccessToken: typeof signAccessToken
  requestRole: typeof requestRole
  /** Parsed `supabase/config.toml`. */
  config: LocalSupabaseConfig
}
