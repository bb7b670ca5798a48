import type { SupabaseClient } from '../shared/data/client.ts'
import { createNodeSupabaseClient } from '../shared/data/node-client.ts'
import type { ServerContext } from './context.ts'

/**
 * The server's supabase-js clients, in one place. The server reaches Supabase (hosted, or the embedded
 * backend on its own port) only through these.
 */

const sharedClients = {
  service: new WeakMap<ServerContext, SupabaseClient>(),
  anon: new WeakMap<ServerContext, SupabaseClient>(),
}

/**
 * One client per server and key, created on first use because in local mode the backend's URL is known only
 * once the port is bound.
 */
function sharedClient(ctx: ServerContext, key: keyof typeof sharedClients): SupabaseClient {
  let client = sharedClients[key].get(ctx)
  if (!client) {
    const apiKey = key === 'service' ? ctx.supabase.serviceRoleKey : ctx.supabase.anonKey
    client = createNodeSupabaseClient(ctx.supabase.url, apiKey, {
      persistSession: false,
      autoRefreshToken: false,
      fetch: ctx.supabase.fetch,
    })
    sharedClients[key].set(ctx, client)
  }
  return client
}

/** The service-role client (bypasses RLS: used only for writes the server itself makes). */
export function serviceClient(ctx: ServerContext): SupabaseClient {
  return sharedClient(ctx, 'service')
}

/**
 * A client with the anon key: reads exactly what a visitor may see (row-level security hides drafts), for
 * what the server publishes to everyone (pages, feeds, the sitemap, Open Graph images).
 */
export function visitorClient(ctx: ServerContext): SupabaseClient {
  return sharedClient(ctx, 'anon')
}

/** A client acting as the caller behind a bearer token (RLS decides what it may do). */
export function callerClient(ctx: ServerContext, accessToken: string): SupabaseClient {
  return createNodeSupabaseClient(ctx.supabase.url, ctx.supabase.anonKey, {
    accessToken,
    persistSession: false,
    autoRefreshToken: false,
    fetch: ctx.supabase.fetch,
  })
}
