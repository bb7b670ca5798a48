import type { AuthMail, AuthMailer } from '../local-supabase/auth/context.ts'
import type { MailService } from './index.ts'
import {
  renderConfirmationMail,
  renderEmailChangeMail,
  renderInviteMail,
  renderPasswordResetMail,
  renderReauthenticationMail,
} from './templates.ts'

function render(mail: AuthMail) {
  switch (mail.kind) {
    case 'invite':
      return renderInviteMail({ link: mail.link, role: mail.role })
    case 'recovery':
      return renderPasswordResetMail({ link: mail.link })
    case 'confirmation':
      return renderConfirmationMail({ link: mail.link })
    case 'email_change':
      return renderEmailChangeMail({ link: mail.link })
    case 'reauthentication':
      return renderReauthenticationMail({ code: mail.code })
  }
}

/**
 * The embedded backend's auth mails (invites, password resets, confirmations, reauthentication codes): our templates, sent through the configured SMTP
 * (the capture inbox in local mode), with links on the site's public origin. (A hosted project sends these
 * itself, with the templates set in its dashboard.)
 */
export function authMailerFor(ctx: { publicUrl: string; mail: Pick<MailService, 'send'> }): AuthMailer {
  return {
    siteUrl: () => ctx.publicUrl,
    async send(mail) {
      await ctx.mail.send({ to: mail.to, ...render(mail) })
    },
  }
}
