import type { AddressInfo } from 'node:net'
import type { SMTPServer } from 'smtp-server'

export interface SmtpListener {
  /** The port it listens on: the one asked for (0: any free one), kept across stop and start. */
  readonly port: number
  readonly running: boolean
  /** Listens (again) on `port`; nothing when already listening. */
  start(): Promise<void>
  /** Stops listening and drops open sessions. */
  stop(): Promise<void>
}

/**
 * An SMTP server on loopback that can stop and start again on the same port: `create` makes a fresh
 * server each time, `onError` hears its errors once it listens.
 */
export function smtpListener(
  create: () => SMTPServer,
  port: number,
  onError: (err: Error) => void,
): SmtpListener {
  let server: SMTPServer | null = null
  return {
    get port() {
      return port
    },
    get running() {
      return server !== null
    },
    start: () =>
      new Promise<void>((resolve, reject) => {
        if (server) return resolve()
        const next = create()
        next.once('error', reject)
        next.listen(port, '127.0.0.1', () => {
          next.off('error', reject)
          next.on('error', onError)
          port = (next.server.address() as AddressInfo).port
          server = next
          resolve()
        })
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        const current = server
        server = null
        if (!current) return resolve()
        current.close(() => resolve())
      }),
  }
}
