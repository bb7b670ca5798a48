import {
  defaultValueCtx,
  Editor,
  editorViewCtx,
  editorViewOptionsCtx,
  rootCtx,
  schemaCtx,
  type CmdKey,
  type DefaultValue,
} from '@milkdown/kit/core'
import { history } from '@milkdown/kit/plugin/history'
import { listener, listenerCtx } from '@milkdown/kit/plugin/listener'
import { upload, uploadConfig } from '@milkdown/kit/plugin/upload'
import { commonmark } from '@milkdown/kit/preset/commonmark'
import { gfm } from '@milkdown/kit/preset/gfm'
import { NodeSelection, TextSelection } from '@milkdown/kit/prose/state'
import { Decoration } from '@milkdown/kit/prose/view'
import { $remark, callCommand, getHTML, getMarkdown } from '@milkdown/kit/utils'
import { Milkdown, MilkdownProvider, useEditor } from '@milkdown/react'
import { useImperativeHandle, useRef, useState, type RefObject } from 'react'
import { sanitizeHtml } from '../lib/sanitize-html.ts'
import { isEditorLink } from './BlogEditorForm.utils.ts'
import {
  bodyImageUploader,
  bodyImageView,
  imageSelectionWatcher,
  selectImageNear,
  uploadBodyImages,
  type SelectedImage,
} from './editor/body-images.ts'
import { ImageAltField } from './editor/ImageAltField.tsx'
import { MilkdownToolbar } from './MilkdownToolbar.tsx'

export interface EditorContent {
  markdown: string
  html: string
}

/** Reads the editor's content now (the change listener is debounced, so a fast save must not rely on it). */
export interface EditorHandle {
  getContent(): EditorContent | null
  /** Puts the caret in the body (Enter in the title goes on to it). */
  focus(): void
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
  'pt-4 text-[1.0625rem] leading-relaxed text-slate-800 [&_.ProseMirror]:min-h-[40vh] [&_.ProseMirror]:whitespace-pre-wrap [&_.ProseMirror]:outline-none',
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

function EditorWithToolbar(props: MilkdownEditorProps) {
  const propsRef = useRef(props)
  propsRef.current = props
  const [uploading, setUploading] = useState(false)
  const [image, setImage] = useState<SelectedImage | null>(null)

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
        // Pasted and dropped images go through the same upload as the toolbar's image button.
        ctx.update(uploadConfig.key, (prev) => ({
          ...prev,
          uploader: bodyImageUploader(
            () => propsRef.current.uploadImage,
            () => propsRef.current.onMessage,
          ),
          uploadWidgetFactory: (pos, spec) => {
            const widget = document.createElement('span')
            widget.className = 'text-sm text-slate-500'
            widget.textContent = 'Uploading image…'
            return Decoration.widget(pos, widget, spec)
          },
        }))
      })
      .use(imageTitleDefault)
      .use(commonmark)
      .use(gfm)
      .use(history)
      .use(listener)
      .use(upload)
      .use(bodyImageView)
      .use(imageSelectionWatcher(() => setImage)),
  )

  useImperativeHandle(
    props.handleRef,
    () => ({
      getContent: () =>
        get()?.action((ctx) => ({ markdown: getMarkdown()(ctx), html: getHTML()(ctx) })) ?? null,
      focus: () => get()?.action((ctx) => ctx.get(editorViewCtx).focus()),
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

  /** The image button: uploads like a paste, inserts at the caret and selects the image for its alt text. */
  async function insertImages(files: File[]) {
    const editor = get()
    if (!editor) return
    setUploading(true)
    try {
      const nodes = await editor.action((ctx) =>
        uploadBodyImages(files, ctx.get(schemaCtx), props.uploadImage, props.onMessage),
      )
      editor.action((ctx) => {
        const view = ctx.get(editorViewCtx)
        for (const node of nodes) {
          const from = view.state.selection.from
          const tr = view.state.tr.replaceSelectionWith(node)
          const selected = selectImageNear(tr.doc, from)
          view.dispatch(selected ? tr.setSelection(selected).scrollIntoView() : tr.scrollIntoView())
        }
      })
    } finally {
      setUploading(false)
    }
  }

  /** Writes the selected image's alt text and keeps it selected, so the editor can go on typing it. */
  function setAlt(alt: string) {
    if (!image) return
    get()?.action((ctx) => {
      const view = ctx.get(editorViewCtx)
      if (view.state.doc.nodeAt(image.pos)?.type.name !== 'image') return
      const tr = view.state.tr.setNodeAttribute(image.pos, 'alt', alt)
      view.dispatch(tr.setSelection(NodeSelection.create(tr.doc, image.pos)))
    })
  }

  function doneWithImage() {
    get()?.action((ctx) => {
      const view = ctx.get(editorViewCtx)
      const after = view.state.selection.to
      view.dispatch(view.state.tr.setSelection(TextSelection.near(view.state.doc.resolve(after))))
      view.focus()
    })
  }

  return (
    <div>
      <div className="sticky top-0 z-10 -mx-1 bg-white/95 backdrop-blur">
        <MilkdownToolbar
          run={run}
          addLink={addLink}
          onImageFiles={(files) => void insertImages(files)}
          uploading={uploading}
        />
        {image && <ImageAltField image={image} onChange={setAlt} onDone={doneWithImage} />}
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
