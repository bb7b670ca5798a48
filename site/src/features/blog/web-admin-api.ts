import type { AdminApi } from '@shared/admin/contract.ts'
import { createAdminOperations } from '@shared/admin/operations.ts'
import { getBrowserSupabase } from '@shared/data/client.ts'
import { createBrowserEditorSession, type BrowserEditorSession } from './browser-editor-session.ts'

/**
 * The admin contract (`shared/admin/contract.ts`) in the browser: the shared operations
 * (`shared/admin/operations.ts`) over supabase-js, against hosted Supabase or the embedded backend, and the
 * site's own `/api` on this origin. Row-level security decides what an editor may do.
 */
export function createWebAdminApi(session: BrowserEditorSession = createBrowserEditorSession()): AdminApi {
  return createAdminOperations({
    client: getBrowserSupabase,
    site: async () => window.location.origin,
    session,
  })
}
