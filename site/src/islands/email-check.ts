import { checkFromBrowser } from '@site/features/email/public-config.ts'

/**
 * Spec §4: on load of the lead form the email service's reachability is checked and stored, not shown:
 * kept on the form's part as `data-email-service` (checking, available, unavailable), where support staff
 * can read it. Once the page is idle, without waiting for the form itself to wake.
 */
export function mount(root: HTMLElement) {
  const store = (status: 'checking' | 'available' | 'unavailable') => {
    root.dataset.emailService = status
  }
  store('checking')
  checkFromBrowser().then(
    ({ health }) => store(health.available ? 'available' : 'unavailable'),
    () => store('unavailable'),
  )
}
