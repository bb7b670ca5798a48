import { useCallback, useEffect, useRef, useState } from 'react'
import { checkEmailService, type EmailServiceHealth } from '@shared/lib/email-service-client.ts'
import { emailServiceBaseUrl } from './public-config.ts'

export type EmailServiceState =
  | { status: 'checking'; baseUrl: string | null; health: null; error: null }
  | { status: 'available' | 'unavailable'; baseUrl: string; health: EmailServiceHealth; error: null }
  /** The check itself could not run (spec §8 "Failed to check email service status"). */
  | { status: 'unavailable'; baseUrl: string | null; health: null; error: string }

/** The email service's reachability, checked on mount and on `refresh()` (spec §4 "Email service status"). */
export function useEmailServiceHealth(): { state: EmailServiceState; refresh: () => void } {
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
    let baseUrl: string | null = null
    emailServiceBaseUrl()
      .then((url) => {
        baseUrl = url
        return checkEmailService(url)
      })
      .then(
        (health) => {
          if (current !== generation.current) return
          setState({
            status: health.available ? 'available' : 'unavailable',
            baseUrl: baseUrl!,
            health,
            error: null,
          })
        },
        (err: unknown) => {
          console.error('Failed to check email service status', err)
          if (current !== generation.current) return
          setState({
            status: 'unavailable',
            baseUrl,
            health: null,
            error: 'Failed to check email service status',
          })
        },
      )
  }, [])

  useEffect(() => {
    refresh()
    return () => {
      generation.current++
    }
  }, [refresh])

  return { state, refresh }
}
