import { Alert } from '@shared/ui/Alert.tsx'
import { Button } from '@shared/ui/Button.tsx'

/** A post or the resource list could not be loaded: say so, and offer to try again. */
export function LoadFailed({ title, onRetry }: { title: string; onRetry(): void }) {
  return (
    <Alert variant="destructive" title={title}>
      <p>Please check your connection and try again.</p>
      <Button size="sm" variant="outline" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  )
}
