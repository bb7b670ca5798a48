import {
  createCodeBlockCommand,
  toggleEmphasisCommand,
  toggleStrongCommand,
  wrapInBlockquoteCommand,
  wrapInBulletListCommand,
  wrapInHeadingCommand,
  wrapInOrderedListCommand,
} from '@milkdown/kit/preset/commonmark'
import { redoCommand, undoCommand } from '@milkdown/kit/plugin/history'
import { toggleStrikethroughCommand } from '@milkdown/kit/preset/gfm'
import type { CmdKey } from '@milkdown/kit/core'
import {
  Bold,
  Code2,
  Ellipsis,
  Heading1,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Strikethrough,
  Undo2,
} from 'lucide-react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { editorImageTypes } from './BlogEditorForm.utils.ts'

export interface MilkdownToolbarProps {
  run<T>(command: { key: CmdKey<T> }, payload?: T): void
  addLink(): void
  /** Files chosen with the image button (uploaded like pasted or dropped ones). */
  onImageFiles(files: File[]): void
  uploading: boolean
}

function ToolbarButton({
  label,
  onRun,
  children,
  narrowHidden = false,
  showLabel = false,
}: {
  label: string
  onRun(): void
  children: ReactNode
  /** Left out of the row below 640 px (it is in the "More" menu there). */
  narrowHidden?: boolean
  /** In the overflow menu the button reads as a menu line: icon and words. */
  showLabel?: boolean
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      // Keep the editor's selection: a mousedown on the button would otherwise move focus away first.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onRun}
      className={`h-8 shrink-0 items-center gap-2 rounded-md text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 ${
        showLabel ? 'w-full justify-start px-2.5' : 'min-w-8 justify-center px-1.5'
      } ${narrowHidden ? 'hidden sm:inline-flex' : 'inline-flex'}`}
    >
      {children}
      {showLabel && <span aria-hidden="true">{label}</span>}
    </button>
  )
}

const divider = <span aria-hidden="true" className="mx-0.5 h-5 w-px shrink-0 bg-slate-200" />

/**
 * The body's formatting toolbar: one row at every width (on a narrow screen the less used commands move into
 * the "More" menu), sticky above the body while it scrolls. The image button opens a file chooser.
 */
export function MilkdownToolbar({ run, addLink, onImageFiles, uploading }: MilkdownToolbarProps) {
  const fileInput = useRef<HTMLInputElement>(null)
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="sticky top-0 z-10 -mx-1 flex flex-nowrap items-center gap-0.5 border-b border-slate-200 bg-white/95 py-1 backdrop-blur sm:overflow-x-auto"
    >
      <ToolbarButton label="Heading 1" narrowHidden onRun={() => run(wrapInHeadingCommand, 1)}>
        <Heading1 aria-hidden="true" className="size-4" />
      </ToolbarButton>
      <ToolbarButton label="Heading 2" onRun={() => run(wrapInHeadingCommand, 2)}>
        <Heading2 aria-hidden="true" className="size-4" />
      </ToolbarButton>
      <ToolbarButton label="Heading 3" narrowHidden onRun={() => run(wrapInHeadingCommand, 3)}>
        <Heading3 aria-hidden="true" className="size-4" />
      </ToolbarButton>
      {divider}
      <ToolbarButton label="Bold" onRun={() => run(toggleStrongCommand)}>
        <Bold aria-hidden="true" className="size-4" />
      </ToolbarButton>
      <ToolbarButton label="Italic" onRun={() => run(toggleEmphasisCommand)}>
        <Italic aria-hidden="true" className="size-4" />
      </ToolbarButton>
      <ToolbarButton label="Strikethrough" narrowHidden onRun={() => run(toggleStrikethroughCommand)}>
        <Strikethrough aria-hidden="true" className="size-4" />
      </ToolbarButton>
      {divider}
      <ToolbarButton label="Bullet list" onRun={() => run(wrapInBulletListCommand)}>
        <List aria-hidden="true" className="size-4" />
      </ToolbarButton>
      <ToolbarButton label="Numbered list" onRun={() => run(wrapInOrderedListCommand)}>
        <ListOrdered aria-hidden="true" className="size-4" />
      </ToolbarButton>
      <ToolbarButton label="Quote" narrowHidden onRun={() => run(wrapInBlockquoteCommand)}>
        <Quote aria-hidden="true" className="size-4" />
      </ToolbarButton>
      <ToolbarButton label="Code block" narrowHidden onRun={() => run(createCodeBlockCommand)}>
        <Code2 aria-hidden="true" className="size-4" />
      </ToolbarButton>
      {divider}
      <ToolbarButton label="Link" onRun={addLink}>
        <Link2 aria-hidden="true" className="size-4" />
      </ToolbarButton>
      <ToolbarButton label="Insert image" onRun={() => fileInput.current?.click()}>
        <ImagePlus
          aria-hidden="true"
          className={`size-4 ${uploading ? 'animate-pulse text-indigo-600' : ''}`}
        />
        {uploading && <span className="sr-only">Uploading…</span>}
      </ToolbarButton>
      <span className="ml-auto flex items-center gap-0.5">
        <ToolbarButton label="Undo" narrowHidden onRun={() => run(undoCommand)}>
          <Undo2 aria-hidden="true" className="size-4" />
        </ToolbarButton>
        <ToolbarButton label="Redo" narrowHidden onRun={() => run(redoCommand)}>
          <Redo2 aria-hidden="true" className="size-4" />
        </ToolbarButton>
        <MoreMenu>
          {(close) => (
            <>
              <ToolbarButton
                showLabel
                label="Heading 1"
                onRun={() => (close(), run(wrapInHeadingCommand, 1))}
              >
                <Heading1 aria-hidden="true" className="size-4" />
              </ToolbarButton>
              <ToolbarButton
                showLabel
                label="Heading 3"
                onRun={() => (close(), run(wrapInHeadingCommand, 3))}
              >
                <Heading3 aria-hidden="true" className="size-4" />
              </ToolbarButton>
              <ToolbarButton
                showLabel
                label="Strikethrough"
                onRun={() => (close(), run(toggleStrikethroughCommand))}
              >
                <Strikethrough aria-hidden="true" className="size-4" />
              </ToolbarButton>
              <ToolbarButton showLabel label="Quote" onRun={() => (close(), run(wrapInBlockquoteCommand))}>
                <Quote aria-hidden="true" className="size-4" />
              </ToolbarButton>
              <ToolbarButton
                showLabel
                label="Code block"
                onRun={() => (close(), run(createCodeBlockCommand))}
              >
                <Code2 aria-hidden="true" className="size-4" />
              </ToolbarButton>
              <ToolbarButton showLabel label="Undo" onRun={() => (close(), run(undoCommand))}>
                <Undo2 aria-hidden="true" className="size-4" />
              </ToolbarButton>
              <ToolbarButton showLabel label="Redo" onRun={() => (close(), run(redoCommand))}>
                <Redo2 aria-hidden="true" className="size-4" />
              </ToolbarButton>
            </>
          )}
        </MoreMenu>
      </span>
      <input
        ref={fileInput}
        type="file"
        hidden
        aria-label="Content image file"
        accept={editorImageTypes.join(',')}
        multiple
        onChange={(e) => {
          const files = Array.from(e.target.files ?? [])
          e.target.value = ''
          if (files.length > 0) onImageFiles(files)
        }}
      />
    </div>
  )
}

/** The toolbar's overflow on narrow screens: the commands that do not fit the one row. */
function MoreMenu({ children }: { children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLSpanElement>(null)
  useEffect(() => {
    if (!open) return
    const away = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false)
    document.addEventListener('pointerdown', away)
    document.addEventListener('keydown', escape)
    return () => {
      document.removeEventListener('pointerdown', away)
      document.removeEventListener('keydown', escape)
    }
  }, [open])
  return (
    <span ref={root} className="relative sm:hidden">
      <button
        type="button"
        aria-label="More formatting"
        aria-expanded={open}
        title="More formatting"
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex size-8 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <Ellipsis aria-hidden="true" className="size-4" />
      </button>
      {open && (
        <span className="absolute top-full right-0 z-20 mt-1 flex w-48 flex-col rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-900/10">
          {children(() => setOpen(false))}
        </span>
      )}
    </span>
  )
}
