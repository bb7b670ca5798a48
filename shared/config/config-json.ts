/**
 * The body of the site's `/config.json` in the browser, fetched once per page load for every reader (the
 * supabase-js client, the email service address). Each reader checks it with `publicConfigSchema`; this
 * module imports no zod, so a page that reads only one field does not load the schema for it. A failed
 * fetch (or a reply that is not 2xx or not JSON) rejects and is tried again on the next call.
 */
let request: Promise<unknown> | null = null

export function fetchConfigJson(): Promise<unknown> {
  request ??= fetch('/config.json', { headers: { Accept: 'application/json' } })
    .then((res) => {
      if (!res.ok) throw new Error(`Could not load /config.json (status ${res.status})`)
      return res.json() as Promise<unknown>
    })
    .catch((err: unknown) => {
      request = null
      throw err
    })
  return request
}
