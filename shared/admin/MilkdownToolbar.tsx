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
  type LucideIcon,
} from 'lucide-react'
import { Fragment, useRef, useState, type ReactNode } from 'react'
import { editorImageTypes } from './BlogEditorForm.utils.ts'
import { useDismiss } from './useDismiss.ts'

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

/** A command of the toolbar: its name, its icon and what it does to the editor. */
interface FormatCommand {
  label: string
  Icon: LucideIcon
  /** Left out of the row below 640 px (it is in the "More" menu there). */
  narrowHidden?: boolean
  apply(run: MilkdownToolbarProps['run']): void
}

/** The formatting commands in the order of the row, in groups set apart by a divider. */
const formatGroups: FormatCommand[][] = [
  [
    { label: 'Heading 1', Icon: Heading1, narrowHidden: true, apply: (run) => run(wrapInHeadingCommand, 1) },
    { label: 'Heading 2', Icon: Heading2, apply: (run) => run(wrapInHeadingCommand, 2) },
    { label: 'Heading 3', Icon: Heading3, narrowHidden: true, apply: (run) => run(wrapInHeadingCommand, 3) },
  ],
  [
    { label: 'Bold', Icon: Bold, apply: (run) => run(toggleStrongCommand) },
    { label: 'Italic', Icon: Italic, apply: (run) => run(toggleEmphasisCommand) },
    {
      label: 'Strikethrough',
      Icon: Strikethrough,
      narrowHidden: true,
      apply: (run) => run(toggleStrikethroughCommand),
    },
  ],
  [
    { label: 'Bullet list', Icon: List, apply: (run) => run(wrapInBulletListCommand) },
    { label: 'Numbered list', Icon: ListOrdered, apply: (run) => run(wrapInOrderedListCommand) },
    { label: 'Quote', Icon: Quote, narrowHidden: true, apply: (run) => run(wrapInBlockquoteCommand) },
    { label: 'Code block', Icon: Code2, narrowHidden: true, apply: (run) => run(createCodeBlockCommand) },
  ],
]

const historyCommands: FormatCommand[] = [
  { label: 'Undo', Icon: Undo2, narrowHidden: true, apply: (run) => run(undoCommand) },
  { label: 'Redo', Icon: Redo2, narrowHidden: true, apply: (run) => run(redoCommand) },
]

/** What the "More" menu offers on a narrow screen: the commands the row leaves out there. */
const overflowCommands = [...formatGroups.flat(), ...historyCommands].filter(
  (command) => command.narrowHidden,
)

function CommandButton({
  command: { label, Icon, narrowHidden, apply },
  run,
  inMenu,
}: {
  command: FormatCommand
  run: MilkdownToolbarProps['run']
  /** A line of the "More" menu, which closes it before the command runs. */
  inMenu?: { close(): void }
}) {
  return (
    <ToolbarButton
      label={label}
      narrowHidden={!inMenu && narrowHidden}
      showLabel={!!inMenu}
      onRun={() => {
        inMenu?.close()
        apply(run)
      }}
    >
      <Icon aria-hidden="true" className="size-4" />
    </ToolbarButton>
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
      {formatGroups.map((group, index) => (
        <Fragment key={group[0]!.label}>
          {index > 0 && divider}
          {group.map((command) => (
            <CommandButton key={command.label} command={command} run={run} />
          ))}
        </Fragment>
      ))}
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
        {historyCommands.map((command) => (
          <CommandButton key={command.label} command={command} run={run} />
        ))}
        <MoreMenu>
          {(close) =>
            overflowCommands.map((command) => (
              <CommandButton key={command.label} command={command} run={run} inMenu={{ close }} />
            ))
          }
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
  useDismiss(open, root, () => setOpen(false))
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
