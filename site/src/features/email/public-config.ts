import { resolveEmailServiceUrl } from '@shared/lib/email-service-client.ts'

interface EmailConfig {
  emailServiceUrl?: string
}

let configRequest: Promise<EmailConfig> | null = null

/** `/config.json`, fetched once per page load; an unreachable config simply means "use the defaults". */
function loadConfig(): Promise<EmailConfig> {
  configRequest ??= fetch('/config.json', { headers: { Accept: 'application/json' } })
    .then((res) => (res.ok ? (res.json() as Promise<EmailConfig>) : {}))
    .catch(() => ({}))
  return configRequest
}

/** The email service's base URL for this page (spec §7: localhost:3000 locally unless configured). */
export async function emailServiceBaseUrl(): Promise<string> {
  return resolveEmailServiceUrl(window.location.hostname, await loadConfig())
}
