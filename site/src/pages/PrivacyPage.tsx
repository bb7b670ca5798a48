import { privacyPolicy } from '@site/content/legal.ts'
import { LegalPage } from '@site/features/marketing/LegalPage.tsx'

export function Component() {
  return <LegalPage document={privacyPolicy} />
}
