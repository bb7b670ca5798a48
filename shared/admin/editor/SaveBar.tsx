import { Eye } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '../../ui/Button.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { describeLength } from './word-count.ts'

export interface SaveBarProps {
  /** The status line (spec §2: under the form). */
  statusLine?: ReactNode
  words: number
  previewing: boolean
  onTogglePreview(): void
  saving: boolean
  disabled: boolean
}

/**
 * The form's bar under the canvas, never over it: the status line, the body's length and reading time,
 * Preview and "Save Blog Post".
 */
export function SaveBar({ statusLine, words, previewing, onTogglePreview, saving, disabled }: SaveBarProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-slate-200 bg-white px-3 py-2.5 sm:px-4">
      <div className="flex min-w-0 flex-1 basis-48 items-center gap-3">
        <div className="min-w-0 flex-1">{statusLine}</div>
        <p
          data-testid="word-count"
          className="shrink-0 text-xs whitespace-nowrap text-slate-500 tabular-nums"
        >
          {describeLength(words)}
        </p>
      </div>
      <div className="ml-auto flex shrink-0 gap-2">
        <Button
          variant="outline"
          aria-pressed={previewing}
          onClick={onTogglePreview}
          className="aria-pressed:border-indigo-300 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-800"
        >
          <Eye aria-hidden="true" className="size-4" />
          Preview
        </Button>
        <Button type="submit" title="Save (Ctrl+S or ⌘S)" disabled={disabled}>
          {saving && <Spinner />}
          {saving ? 'Saving...' : 'Save Blog Post'}
        </Button>
      </div>
    </div>
  )
}
