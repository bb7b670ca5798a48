import type { SupabaseClient } from '../shared/data/client.ts'
import { createNodeSupabaseClient } from '../shared/data/node-client.ts'
import type { ServerContext } from './context.ts'

/**
 * The server's supabase-js clients, in one place. The server reaches Supabase (hosted, or the embedded
 * backend on its own port) only through these.
 */

const serviceClients = new WeakMap<ServerContext, SupabaseClient>()

/**
 * The service-role client (bypasses RLS: used only for writes the server itself makes). Created on first
 * use because in local mode the backend's URL is known only once the port is bound.
 */
export function serviceClient(ctx: ServerContext): SupabaseClient {
  let client = serviceClients.get(ctx)
  if (!client) {
    client = createNodeSupabaseClient(ctx.supabase.url, ctx.supabase.serviceRoleKey, {
      persistSession: false,
      autoRefreshToken: false,
    })
    serviceClients.set(ctx, client)
  }
  return client
}

/** A client acting as the caller behind a bearer token (RLS decides what it may do). */
export function callerClient(ctx: ServerContext, accessToken: string): SupabaseClient {
  return createNodeSupabaseClient(ctx.supabase.url, ctx.supabase.anonKey, {
    accessToken,
    persistSession: false,
    autoRefreshToken: false,
  })
}
