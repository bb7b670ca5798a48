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
