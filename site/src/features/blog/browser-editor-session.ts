import { createEditorSession, type EditorSessionService } from '@shared/admin/editor-session.ts'
import { getBrowserSupabase } from '@shared/data/client.ts'

/** The browser's editor sign-in, plus the access token the staff-only calls send. */
export type BrowserEditorSession = EditorSessionService

/**
 * Editor sign-in in the browser, one for the admin and the `/test-email` page (the same supabase-js session,
 * so one sign-in serves both): the shared editor session over the browser's client.
 */
export function createBrowserEditorSession(client = getBrowserSupabase): BrowserEditorSession {
  return createEditorSession({ client })
}
