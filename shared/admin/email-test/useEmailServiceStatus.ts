import { useCallback, useEffect, useRef, useState } from 'react'
import type { EmailServiceHealth } from '../../lib/email-service-client.ts'

/** One answer of the email service's check: where it was asked and what it said. */
export interface EmailServiceCheck {
  baseUrl: string
  health: EmailServiceHealth
}

export type EmailServiceState =
  | { status: 'checking'; baseUrl: string | null; health: null; error: null }
  | { status: 'available' | 'unavailable'; baseUrl: string; health: EmailServiceHealth; error: null }
  /** The check itself could not run (spec §8 "Failed to check email service status"). */
  | { status: 'unavailable'; baseUrl: null; health: null; error: string }

/**
 * The email service's reachability, checked on mount and on `refresh()` (spec §4 "Email service status").
 * `check` is how this app asks (the site over HTTP, the desktop through main); keep it stable.
 */
export function useEmailServiceStatus(check: () => Promise<EmailServiceCheck>): {
  state: EmailServiceState
  refresh: () => void
} {
  const [state, setState] = useState<EmailServiceState>({
    status: 'checking',
    baseUrl: null,
    health: null,
    error: null,
  })
  const generation = useRef(0)

  const refresh = useCallback(() => {
    const current = ++generation.current
    setState((previous) => ({ status: 'checking', baseUrl: previous.baseUrl, health: null, error: null }))
    check().then(
      ({ baseUrl, health }) => {
        if (current !== generation.current) return
        setState({ status: health.available ? 'available' : 'unavailable', baseUrl, health, error: null })
      },
      (err: unknown) => {
        console.error('Failed to check email service status', err)
        if (current !== generation.current) return
        setState({
          status: 'unavailable',
          baseUrl: null,
          health: null,
          error: 'Failed to check email service status',
        })
      },
    )
  }, [check])

  useEffect(() => {
    refresh()
    return () => {
      generation.current++
    }
  }, [refresh])

  return { state, refresh }
}
