import { serviceClient } from '../../server/supabase-clients.ts'
import type { TestServer } from './server.ts'
import { uniqueAddress } from './addresses.ts'

/**
 * Sends a lead through `POST /api/leads` as the site's form would (a fresh idempotency key each time) and
 * returns the response; the fields other than name and email are sample values.
 */
export function submitLead(siteUrl: string, name: string, email: string): Promise<Response> {
  return fetch(`${siteUrl}/api/leads`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Idempotency-Key': crypto.randomUUID(),
      // Its own address (where the server trusts a proxy), so the per-address lead limit is its own.
      'X-Forwarded-For': uniqueAddress(),
    },
    body: JSON.stringify({
      name,
      email,
      phone: '+1 415 555 0100',
      requirement: 'Five backend engineers in Pune',
      techStack: 'Go, Postgres',
    }),
  })
}

/** An address no other test uses (`tag` says which test made it). */
export const uniqueEmail = (tag: string) =>
  `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`

/** The stored leads of an address, read with the service role. */
export async function storedLeads(
  server: TestServer,
  email: string,
): Promise<Array<Record<string, unknown>>> {
  const { data, error } = await serviceClient(server.ctx).from('leads').select('*').eq('email', email)
  if (error) throw error
  return data as Array<Record<string, unknown>>
}
