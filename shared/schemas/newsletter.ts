import { z } from 'zod'
import { typedText } from './text.ts'

export const invalidNewsletterEmailMessage = 'Please enter a valid email address.'

/** "Stay Updated": `POST /api/newsletter {email}`. */
export const newsletterSubscriptionSchema = z.object({
  email: typedText(invalidNewsletterEmailMessage)
    .trim()
    .min(3, invalidNewsletterEmailMessage)
    .max(320, invalidNewsletterEmailMessage)
    .pipe(z.email(invalidNewsletterEmailMessage)),
})

export const invalidNewsletterLinkMessage = 'This link is not valid or has expired.'

/** The token of a confirmation or unsubscribe link (`?token=` or a form field). */
export const newsletterTokenSchema = z.object({
  token: typedText(invalidNewsletterLinkMessage)
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, invalidNewsletterLinkMessage),
})
