/** The last known reachability of the email service (spec §4: checked on load of the lead form, stored, not shown). */
let emailServiceStatus: 'available' | 'unavailable' | null = null

export function rememberEmailServiceStatus(status: 'available' | 'unavailable') {
  emailServiceStatus = status
}

export function lastEmailServiceStatus() {
  return emailServiceStatus
}
