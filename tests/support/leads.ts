/**
 * Sends a lead through `POST /api/leads` as the site's form would (a fresh idempotency key each time) and
 * returns the response; the fields other than name and email are sample values.
 */
export function submitLead(siteUrl: string, name: string, email: string): Promise<Response> {
  return fetch(`${siteUrl}/api/leads`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({
      name,
      email,
      phone: '+1 415 555 0100',
      requirement: 'Five backend engineers in Pune',
      techStack: 'Go, Postgres',
    }),
  })
}
