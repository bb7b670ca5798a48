import { afterAll, beforeAll } from 'vitest'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import { startTestServer, testEditor, type TestServer } from './server.ts'

export interface RestServer {
  server: TestServer
  /** A visitor (anon key), the server (service-role key) and the signed-in test editor. */
  anon: SupabaseClient
  service: SupabaseClient
  editor: SupabaseClient
  /** A raw request to `/rest/v1/<path>`, as the anon key unless `token` names another bearer. */
  rest(path: string, init?: RequestInit & { token?: string }): Promise<Response>
  /** Every post, as the service role counts them. */
  blogCount(): Promise<number>
}

/**
 * Starts the real server for a file's tests (fresh data directory, migrations, seed, RLS) and stops it after
 * them. The returned object is filled in by `beforeAll`: read its fields inside tests, not at collection.
 */
export function useRestServer(): RestServer {
  const fixture = {} as RestServer
  beforeAll(async () => {
    const server = await startTestServer()
    const { anonKey, serviceRoleKey } = server.ctx.supabase
    const editor = createNodeSupabaseClient(server.url, anonKey)
    const { error } = await editor.auth.signInWithPassword(testEditor)
    if (error) throw error
    const service = createNodeSupabaseClient(server.url, serviceRoleKey)
    Object.assign(fixture, {
      server,
      anon: createNodeSupabaseClient(server.url, anonKey),
      service,
      editor,
      rest(path: string, init: RequestInit & { token?: string } = {}) {
        const headers = new Headers(init.headers)
        if (!headers.has('apikey')) headers.set('apikey', anonKey)
        if (!headers.has('authorization')) headers.set('authorization', `Bearer ${init.token ?? anonKey}`)
        return fetch(`${server.url}/rest/v1/${path}`, { ...init, headers })
      },
      async blogCount() {
        const { count, error } = await service.from('blogs').select('*', { count: 'exact', head: true })
        if (error) throw error
        return count ?? -1
      },
    } satisfies RestServer)
    // The first start creates the database: slow on a busy machine.
  }, 180_000)
  afterAll(async () => {
    await fixture.server?.stop()
  })
  return fixture
}
