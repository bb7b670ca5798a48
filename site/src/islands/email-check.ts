import { checkFromBrowser } from '@site/features/email/public-config.ts'
import { rememberEmailServiceStatus } from '@site/features/leads/email-service-status.ts'

/**
 * Spec §4: on load of the lead form the email service's reachability is checked and stored, not shown.
 * Once the page is idle, without waiting for the form itself to wake.
 */
export function mount() {
  checkFromBrowser().then(
    ({ health }) => rememberEmailServiceStatus(health.available ? 'available' : 'unavailable'),
    () => rememberEmailServiceStatus('unavailable'),
  )
}
