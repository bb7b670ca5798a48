import { longDateTime } from '../../lib/dates.ts'
import { Alert } from '../../ui/Alert.tsx'
import { Button } from '../../ui/Button.tsx'
import type { StoredDraft } from '../BlogEditorForm.utils.ts'

/** A draft kept from an earlier visit, offered back. */
export function DraftOfferAlert({
  draft,
  onRestore,
  onDiscard,
}: {
  draft: StoredDraft
  onRestore(): void
  onDiscard(): void
}) {
  return (
    <Alert title="Unsaved draft found">
      <p>
        You have an unsaved draft{draft.values.title ? ` “${draft.values.title}”` : ''} from{' '}
        <time dateTime={draft.savedAt}>{longDateTime(draft.savedAt)}</time>.
      </p>
      <div className="mt-2 flex gap-2">
        <Button size="sm" onClick={onRestore}>
          Restore draft
        </Button>
        <Button size="sm" variant="outline" onClick={onDiscard}>
          Discard draft
        </Button>
      </div>
    </Alert>
  )
}
