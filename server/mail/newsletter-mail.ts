import type { OutgoingMail } from './index.ts'
import type { RenderedMail } from './templates.ts'

/**
 * What every newsletter mail carries, in one place: the reader's own unsubscribe link (in the footer the
 * templates add) and the `List-Unsubscribe` / `List-Unsubscribe-Post` headers (RFC 2369, RFC 8058 one-click).
 */

/** The unsubscribe link of one subscriber (its page shows a button; a POST to it unsubscribes at once). */
export function unsubscribeUrlFor(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`
}

/** A rendered newsletter mail to one reader, with the one-click unsubscribe headers. */
export function newsletterMail(to: string, mail: RenderedMail, unsubscribeUrl: string): OutgoingMail {
  return {
    to,
    ...mail,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}
