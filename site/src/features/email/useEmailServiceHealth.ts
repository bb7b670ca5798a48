import { checkEmailService } from '@shared/lib/email-service-client.ts'
import {
  useEmailServiceStatus,
  type EmailServiceCheck,
  type EmailServiceState,
} from '@shared/admin/email-test/useEmailServiceStatus.ts'
import { emailServiceBaseUrl } from './public-config.ts'

export type { EmailServiceState }

/** The site asks the service itself, at the address `/config.json` gives. */
export async function checkFromBrowser(): Promise<EmailServiceCheck> {
  const baseUrl = await emailServiceBaseUrl()
  return { baseUrl, health: await checkEmailService(baseUrl) }
}

/** The email service's reachability from this browser, checked on mount and on `refresh()`. */
export function useEmailServiceHealth(): { state: EmailServiceState; refresh: () => void } {
  return useEmailServiceStatus(checkFromBrowser)
}
