import {
  defaultValueCtx,
  Editor,
  editorViewCtx,
  editorViewOptionsCtx,
  rootCtx,
  type CmdKey,
  type DefaultValue,
} from '@milkdown/kit/core'
import { history, redoCommand, undoCommand } from '@milkdown/kit/plugin/history'
import { listener, listenerCtx } from '@milkdown/kit/plugin/listener'
import {
  commonmark,
  createCodeBlockCommand,
  insertImageCommand,
  toggleEmphasisCommand,
  toggleStrongCommand,
  wrapInBlockquoteCommand,
  wrapInBulletListCommand,
  wrapInHeadingCommand,
  wrapInOrderedListCommand,
} from '@milkdown/kit/preset/commonmark'
import { gfm, toggleStrikethroughCommand } from '@milkdown/kit/preset/gfm'
import { $remark, callCommand, getHTML, getMarkdown } from '@milkdown/kit/utils'
import { Milkdown, MilkdownProvider, useEditor } from '@milkdown/react'
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
import { useEffect, useImperativeHandle, useRef, useState, type ReactNode, type RefObject } from 'react'
import { sanitizeHtml } from '../lib/sanitize-html.ts'
import { editorImageTypes, isEditorLink } from './BlogEditorForm.utils.ts'

export interface EditorContent {
  markdown: string
  html: string
}

/** Reads the editor's content now (the change listener is debounced, so a fast save must not rely on it). */
export interface EditorHandle {
  getContent(): EditorContent | null
}

export interface MilkdownEditorProps {
  handleRef?: RefObject<EditorHandle | null>
  /** The stored markdown; when null the editor opens `initialHtml` (posts written as HTML only). */
  initialMarkdown: string | null
  /** Sanitised HTML. */
  initialHtml: string
  onChange(content: EditorContent): void
  /** Uploads an image for the content and returns its public URL. */
  uploadImage(file: File): Promise<string>
  onMessage(message: string): void
}

interface MarkdownTreeNode {
  type: string
  title?: string | null
  children?: MarkdownTreeNode[]
}

/** Milkdown throws "RangeError … attribute title" on a markdown image without a title: default it to ''. */
const imageTitleDefault = $remark('imageTitleDefault', () => () => (tree) => {
  const visit = (node: MarkdownTreeNode) => {
    if (node.type === 'image' && (node.title === null || node.title === undefined)) node.title = ''
    node.children?.forEach(visit)
  }
  visit(tree as MarkdownTreeNode)
})

/** Typography inside the editor (no typography plugin: the desktop renderer mounts this too). */
const editorContentClasses = [
  'px-4 py-3 text-slate-800 [&_.ProseMirror]:min-h-64 [&_.ProseMirror]:whitespace-pre-wrap [&_.ProseMirror]:outline-none',
  '[&_.ProseMirror>*+*]:mt-3 [&_h1]:text-3xl [&_h1]:font-bold [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:text-xl [&_h3]:font-semibold',
  '[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_a]:text-indigo-700 [&_a]:underline',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-indigo-200 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-slate-900 [&_pre]:p-3 [&_pre]:text-slate-100 [&_code]:font-mono [&_code]:text-sm',
  '[&_img]:max-w-full [&_img]:rounded-md [&_s]:text-slate-500',
].join(' ')

function initialValue(markdown: string | null, html: string): DefaultValue {
  if (markdown !== null && markdown.trim() !== '') return markdown
  if (html.trim() === '') return ''
  // An inert document: nothing in it loads or runs while ProseMirror reads it, and it is sanitised first
  // because stored HTML may have been written through the API rather than this editor.
  const dom = new DOMParser().parseFromString(sanitizeHtml(html), 'text/html').body
  return { type: 'html', dom }
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

function EditorWithToolbar(props: MilkdownEditorProps) {
  const propsRef = useRef(props)
  propsRef.current = props
  const fileInput = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)

  const { get } = useEditor((root) =>
    Editor.make()
      .config((ctx) => {
        ctx.set(rootCtx, root)
        ctx.set(defaultValueCtx, initialValue(props.initialMarkdown, props.initialHtml))
        // The editable area is a multi-line text box named "Content" for assistive technology.
        ctx.update(editorViewOptionsCtx, (prev) => ({
          ...prev,
          attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': 'Content' },
        }))
        ctx.get(listenerCtx).markdownUpdated((ctx, markdown) => {
          propsRef.current.onChange({ markdown, html: getHTML()(ctx) })
        })
      })
      .use(imageTitleDefault)
      .use(commonmark)
      .use(gfm)
      .use(history)
      .use(listener),
  )

  useImperativeHandle(
    props.handleRef,
    () => ({
      getContent: () =>
        get()?.action((ctx) => ({ markdown: getMarkdown()(ctx), html: getHTML()(ctx) })) ?? null,
    }),
    [get],
  )

  function run<T>(command: { key: CmdKey<T> }, payload?: T) {
    get()?.action(callCommand(command.key, payload))
    get()?.action((ctx) => ctx.get(editorViewCtx).focus())
  }

  function addLink() {
    const href = window.prompt('Link URL (http, https, mailto or tel)')?.trim()
    if (!href) return
    if (!isEditorLink(href)) {
      props.onMessage('❌ Links must start with http://, https://, mailto: or tel:')
      return
    }
    get()?.action((ctx) => {
      const view = ctx.get(editorViewCtx)
      const { state } = view
      const mark = state.schema.marks.link.create({ href, title: null })
      const { from, to, empty } = state.selection
      // With nothing selected the URL itself becomes the link text.
      const tr = empty
        ? state.tr.insertText(href, from).addMark(from, from + href.length, mark)
        : state.tr.addMark(from, to, mark)
      view.dispatch(tr)
      view.focus()
    })
  }

  async function insertImage(file: File) {
    if (!editorImageTypes.includes(file.type)) {
      props.onMessage('❌ Image upload failed: The file given is not a png, gif, jpeg, bmp or icon image')
      return
    }
    setUploading(true)
    try {
      const src = await props.uploadImage(file)
      get()?.action(
        callCommand(insertImageCommand.key, { src, alt: file.name.replace(/\.[^.]+$/, ''), title: '' }),
      )
      props.onMessage('✅ Image uploaded successfully!')
    } catch (err) {
      props.onMessage(`❌ Image upload failed: ${err instanceof Error ? err.message : String(err)}`)
    } finally {
      setUploading(false)
    }
  }

  return (
    <div className="rounded-lg border border-slate-300 bg-white focus-within:border-indigo-500 focus-within:ring-2 focus-within:ring-indigo-500/30">
      {/* One row at every width: on a narrow screen the less used commands move into the "More" menu. */}
      <div
        role="toolbar"
        aria-label="Formatting"
        className="relative flex flex-nowrap items-center gap-0.5 border-b border-slate-200 p-1 sm:overflow-x-auto"
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
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (file) void insertImage(file)
          }}
        />
      </div>
      <div className={editorContentClasses}>
        <Milkdown />
      </div>
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

/** The rich-text content editor (Milkdown, commonmark + gfm, history). Loaded lazily: it is large. */
export default function MilkdownEditor(props: MilkdownEditorProps) {
  return (
    <MilkdownProvider>
      <EditorWithToolbar {...props} />
    </MilkdownProvider>
  )
}
