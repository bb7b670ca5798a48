import { EmailTestPanel } from '@site/features/email/EmailTestPanel.tsx'

/** /test-email: the email service test page (spec §2, §8). */
export function Component() {
  return (
    <div className="bg-ink-50">
      <div className="mx-auto max-w-3xl px-6 py-16 sm:py-20 lg:px-8">
        <div className="mb-10 text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Staff tools</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">
            Email Service Test
          </h1>
          <p className="mt-3 text-ink-600">
            Check that the email service is reachable and send yourself a test message.
          </p>
        </div>
        <EmailTestPanel />
      </div>
    </div>
  )
}
