import { publicConfigSchema, describePublicConfigProblems } from '@shared/config/public-config.ts'
import { resolveEmailServiceUrl } from '@shared/lib/email-service-client.ts'

interface EmailConfig {
  emailServiceUrl?: string
}

let configRequest: Promise<EmailConfig> | null = null

/**
 * `/config.json`, fetched once per page load and parsed with the shared schema. An unreachable config
 * simply means "use the defaults"; a malformed one is reported in the console (naming the bad fields) and
 * the defaults are used too, so the status check still runs.
 *
 * Bundle note: this module is on /get-started (the lead form) and /test-email, which both load zod already
 * (the lead schema, and the supabase-js client's own config check); the marketing pages never import it.
 */
function loadConfig(): Promise<EmailConfig> {
  configRequest ??= fetch('/config.json', { headers: { Accept: 'application/json' } })
    .then(async (res): Promise<EmailConfig> => {
      if (!res.ok) return {}
      const result = publicConfigSchema.safeParse(await res.json())
      if (result.success) return { emailServiceUrl: result.data.emailServiceUrl }
      console.error(
        `Invalid /config.json (${describePublicConfigProblems(result.error)}): using the default email service address.`,
      )
      return {}
    })
    .catch(() => ({}))
  return configRequest
}

/** The email service's base URL for this page (spec §7: localhost:3000 locally unless configured). */
export async function emailServiceBaseUrl(): Promise<string> {
  return resolveEmailServiceUrl(window.location.hostname, await loadConfig())
}
