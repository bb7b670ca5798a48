import type { SupabaseClient } from '../../shared/data/client.ts'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import type { ServerContext } from '../context.ts'

const visitorClients = new WeakMap<ServerContext, SupabaseClient>()

/**
 * A supabase-js client with the anon key: reads exactly what a visitor may see (row-level security hides
 * drafts), for what the server publishes to everyone (feeds, the sitemap, Open Graph images).
 */
export function visitorClient(ctx: ServerContext): SupabaseClient {
  let client = visitorClients.get(ctx)
  if (!client) {
    client = createNodeSupabaseClient(ctx.supabase.url, ctx.supabase.anonKey, {
      persistSession: false,
      autoRefreshToken: false,
    })
    visitorClients.set(ctx, client)
  }
  return client
}
