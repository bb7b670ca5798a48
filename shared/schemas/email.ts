import { z } from 'zod'
import { typedText } from './text.ts'

const recipient = () =>
  typedText('Please enter a valid email address.')
    .trim()
    .max(254, 'Email must be at most 254 characters.')
    .pipe(z.email('Please enter a valid email address.'))

const subject = () =>
  typedText('Please enter a subject.')
    .trim()
    .min(1, 'Please enter a subject.')
    .max(200, 'Subject must be at most 200 characters.')

/** Spec §7 "Email message": `POST /api/send-email` with to, subject, html (staff only). */
export const sendEmailSchema = z.object({
  to: recipient(),
  subject: subject(),
  html: typedText('Please enter a message.')
    .min(1, 'Please enter a message.')
    .max(100_000, 'Message must be at most 100,000 characters.'),
})

/** Spec §7 "External email service": `POST /send-email` with to, subject, firstName and body (staff only). */
export const serviceEmailSchema = z.object({
  to: recipient(),
  subject: subject(),
  firstName: typedText('First name must be text.')
    .trim()
    .max(100, 'First name must be at most 100 characters.')
    .optional()
    .default(''),
  body: typedText('Please enter a message.')
    .min(1, 'Please enter a message.')
    .max(20_000, 'Message must be at most 20,000 characters.'),
})
