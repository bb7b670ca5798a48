import { fetchConfigJson } from '@shared/config/config-json.ts'
import type { PublicConfig } from '@shared/config/public-config.ts'
import type { EmailServiceCheck } from '@shared/admin/email-test/useEmailServiceStatus.ts'
import { checkEmailService, resolveEmailServiceUrl } from '@shared/lib/email-service-client.ts'

type EmailConfig = Partial<Pick<PublicConfig, 'emailServiceUrl'>>

let configRequest: Promise<EmailConfig> | null = null

/**
 * An absolute http(s) address, as the shared schema's `emailServiceUrl` must be: checked here without zod
 * (see the bundle note below); any other reply is checked against the schema itself.
 */
function isWebAddress(value: unknown): value is string {
  if (typeof value !== 'string') return false
  try {
    return /^https?:$/.test(new URL(value).protocol)
  } catch {
    return false
  }
}

/**
 * `/config.json` (fetched once per page load for every reader, `fetchConfigJson`). Its `emailServiceUrl` is used when it is a web address; a
 * reply without one is checked against the shared schema (`publicConfigSchema`, loaded only then), which
 * names the bad fields in the console, and the defaults are used, so the status check still runs. An
 * unreachable config simply means "use the defaults".
 *
 * Bundle note: /get-started (the lead form) checks the email service on load, and its first load carries
 * no zod; the schema (and zod) arrive only for a broken configuration.
 */
function loadConfig(): Promise<EmailConfig> {
  configRequest ??= fetchConfigJson()
    .then(async (body): Promise<EmailConfig> => {
      const emailServiceUrl = (body as { emailServiceUrl?: unknown } | null)?.emailServiceUrl
      if (isWebAddress(emailServiceUrl)) return { emailServiceUrl }
      const { configProblems } = await import('./config-problems.ts')
      console.error(
        `Invalid /config.json (${configProblems(body)}): using the default email service address.`,
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

/**
 * The site asks the service itself, at the address `/config.json` gives. Here rather than beside the React
 * hook, so /get-started's check on load (site/src/islands/email-check.ts) carries no React.
 */
export async function checkFromBrowser(): Promise<EmailServiceCheck> {
  const baseUrl = await emailServiceBaseUrl()
  return { baseUrl, health: await checkEmailService(baseUrl) }
}
