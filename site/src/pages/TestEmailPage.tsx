import { SectionHeading } from '@site/components/ui/SectionHeading.tsx'
import { EmailTestPanel } from '@site/features/email/EmailTestPanel.tsx'

/** /test-email: the email service test page (spec §2, §8). */
export function Component() {
  return (
    <div className="bg-ink-50">
      <div className="mx-auto max-w-3xl px-6 py-16 sm:py-20 lg:px-8">
        <div className="mb-10">
          <SectionHeading
            as="h1"
            eyebrow="Staff tools"
            title="Email Service Test"
            lead="Check that the email service is reachable and send yourself a test message."
          />
        </div>
        <EmailTestPanel />
      </div>
    </div>
  )
}
