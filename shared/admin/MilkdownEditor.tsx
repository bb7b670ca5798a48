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
import { useImperativeHandle, useRef, useState, type ReactNode, type RefObject } from 'react'
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

function ToolbarButton({ label, onRun, children }: { label: string; onRun(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      // Keep the editor's selection: a mousedown on the button would otherwise move focus away first.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onRun}
      className="inline-flex h-8 min-w-8 items-center justify-center rounded px-2 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {children}
    </button>
  )
}

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
    <div className="rounded-md border border-slate-300 bg-white focus-within:border-indigo-500 focus-within:ring-2 focus-within:ring-indigo-500/30">
      <div
        role="toolbar"
        aria-label="Formatting"
        className="flex flex-wrap gap-1 border-b border-slate-200 p-1"
      >
        <ToolbarButton label="Heading 1" onRun={() => run(wrapInHeadingCommand, 1)}>
          H1
        </ToolbarButton>
        <ToolbarButton label="Heading 2" onRun={() => run(wrapInHeadingCommand, 2)}>
          H2
        </ToolbarButton>
        <ToolbarButton label="Heading 3" onRun={() => run(wrapInHeadingCommand, 3)}>
          H3
        </ToolbarButton>
        <ToolbarButton label="Bold" onRun={() => run(toggleStrongCommand)}>
          <strong>B</strong>
        </ToolbarButton>
        <ToolbarButton label="Italic" onRun={() => run(toggleEmphasisCommand)}>
          <em>I</em>
        </ToolbarButton>
        <ToolbarButton label="Strikethrough" onRun={() => run(toggleStrikethroughCommand)}>
          <s>S</s>
        </ToolbarButton>
        <ToolbarButton label="Bullet list" onRun={() => run(wrapInBulletListCommand)}>
          • List
        </ToolbarButton>
        <ToolbarButton label="Numbered list" onRun={() => run(wrapInOrderedListCommand)}>
          1. List
        </ToolbarButton>
        <ToolbarButton label="Quote" onRun={() => run(wrapInBlockquoteCommand)}>
          ❝
        </ToolbarButton>
        <ToolbarButton label="Code block" onRun={() => run(createCodeBlockCommand)}>
          {'</>'}
        </ToolbarButton>
        <ToolbarButton label="Link" onRun={addLink}>
          Link
        </ToolbarButton>
        <ToolbarButton label="Insert image" onRun={() => fileInput.current?.click()}>
          {uploading ? 'Uploading…' : 'Image'}
        </ToolbarButton>
        <ToolbarButton label="Undo" onRun={() => run(undoCommand)}>
          ↶
        </ToolbarButton>
        <ToolbarButton label="Redo" onRun={() => run(redoCommand)}>
          ↷
        </ToolbarButton>
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

/** The rich-text content editor (Milkdown, commonmark + gfm, history). Loaded lazily: it is large. */
export default function MilkdownEditor(props: MilkdownEditorProps) {
  return (
    <MilkdownProvider>
      <EditorWithToolbar {...props} />
    </MilkdownProvider>
  )
}
