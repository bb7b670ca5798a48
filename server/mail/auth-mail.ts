import type { AuthMailer } from '../local-supabase/auth/context.ts'
import type { ServerContext } from '../context.ts'
import { renderInviteMail, renderPasswordResetMail } from './templates.ts'

/**
 * The embedded backend's invite and password-reset mails: our templates, sent through the configured SMTP
 * (the capture inbox in local mode), with links on the site's public origin. (A hosted project sends these
 * itself, with the templates set in its dashboard.)
 */
export function authMailerFor(ctx: ServerContext): AuthMailer {
  return {
    siteUrl: () => ctx.publicUrl,
    async send(mail) {
      const rendered =
        mail.kind === 'invite'
          ? renderInviteMail({ link: mail.link, role: mail.role })
          : renderPasswordResetMail({ link: mail.link })
      await ctx.mail.send({ to: mail.to, ...rendered })
    },
  }
}
