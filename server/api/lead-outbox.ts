import type { SupabaseClient } from '../../shared/data/client.ts'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import type { ServerContext } from '../context.ts'
import { createLeadOutbox, type LeadOutbox } from '../mail/outbox.ts'

const serviceClients = new WeakMap<ServerContext, SupabaseClient>()

/**
 * The server's service-role client (bypasses RLS: used only for writes the server itself makes).
 * Created on first use because in local mode the backend's URL is known only once the port is bound.
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

/** The lead email outbox of this server (started after listen, stopped first on close by `startServer`). */
export function createServerLeadOutbox(ctx: ServerContext): LeadOutbox {
  return createLeadOutbox({
    client: () => serviceClient(ctx),
    mail: ctx.mail,
    publicUrl: () => ctx.publicUrl,
    logger: ctx.logger.child({ component: 'lead-outbox' }),
  })
}
