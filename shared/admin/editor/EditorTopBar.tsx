import { ChevronLeft, FilePlus2, History, Link2, SlidersHorizontal } from 'lucide-react'
import { Spinner } from '../../ui/Spinner.tsx'
import type { EditingPost } from '../BlogEditorForm.utils.ts'
import type { Drawer } from './useDrawer.ts'

export interface EditorTopBarProps {
  editing: EditingPost | null
  /** Shown below 1024 px, where the list and the editor are two screens. */
  onBack?: () => void
  showHistory: boolean
  onToggleHistory(): void
  sharing: boolean
  onShare(): void
  onNewPost(): void
  /** The post settings drawer the bar's Settings button opens. */
  settings: Drawer
}

const barButton =
  'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-800 aria-expanded:bg-indigo-50 aria-expanded:text-indigo-800'

/**
 * The editor's own bar: Back to the list (phones), what is open, and the post's tools (history, share link,
 * a new post instead, the settings drawer below 1280 px). Labels give way to icons on a phone; every button
 * keeps its name.
 */
export function EditorTopBar({
  editing,
  onBack,
  showHistory,
  onToggleHistory,
  sharing,
  onShare,
  onNewPost,
  settings,
}: EditorTopBarProps) {
  return (
    // On a phone the tools take the first line and what is open gets a line of its own, whole.
    <div className="flex flex-wrap items-center gap-1 border-b border-slate-200 px-2 py-1.5 sm:flex-nowrap sm:gap-2 sm:px-4">
      {onBack && (
        <button type="button" onClick={onBack} className={`${barButton} -ml-1 lg:hidden`}>
          <ChevronLeft aria-hidden="true" className="size-5" />
          Back<span className="sr-only"> to all posts</span>
        </button>
      )}
      <div className="min-w-0 flex-1 px-1 max-sm:order-last max-sm:basis-full max-sm:pb-1">
        <h1
          id="admin-editor-title"
          className="text-[11px] font-semibold tracking-wide text-slate-500 uppercase"
        >
          Add / Update Blog Post
        </h1>
        <p className="text-sm text-slate-800 [overflow-wrap:anywhere]" data-testid="editor-subject">
          {editing ? `Editing “${editing.slug}”` : 'New post'}
        </p>
      </div>
      {editing && (
        <>
          <button
            type="button"
            aria-pressed={showHistory}
            onClick={onToggleHistory}
            className={barButton}
            title="History"
          >
            <History aria-hidden="true" className="size-4" />
            <span className="max-md:sr-only">History</span>
          </button>
          <button
            type="button"
            disabled={sharing}
            onClick={onShare}
            className={barButton}
            title="A link to this post's preview that anyone can open, without signing in, until it expires"
          >
            {sharing ? <Spinner /> : <Link2 aria-hidden="true" className="size-4" />}
            <span className="max-md:sr-only">Share link</span>
          </button>
          <button type="button" onClick={onNewPost} className={barButton} title="New post instead">
            <FilePlus2 aria-hidden="true" className="size-4" />
            <span className="max-2xl:sr-only">New post instead</span>
          </button>
        </>
      )}
      <button
        type="button"
        aria-expanded={settings.open}
        aria-controls={settings.id}
        onClick={settings.toggle}
        className={`${barButton} xl:hidden`}
      >
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        <span className="max-sm:sr-only">Post settings</span>
      </button>
    </div>
  )
}
