import { imageSchema } from '@milkdown/kit/preset/commonmark'
import type { Uploader } from '@milkdown/kit/plugin/upload'
import type { Node as ProseNode, Schema } from '@milkdown/kit/prose/model'
import { NodeSelection, Plugin, PluginKey, type EditorState } from '@milkdown/kit/prose/state'
import { $prose, $view } from '@milkdown/kit/utils'
import { editorImageTypes } from '../BlogEditorForm.utils.ts'

/**
 * Images in the body, through Milkdown's own extension points: the upload plugin's `uploader` (paste and drop),
 * a node view (an image shows from the local file while its upload still waits, as on a desktop offline), and
 * a ProseMirror plugin that tells the toolbar which image is selected (so its alt text can be set).
 */

/** Upload a file (the cover's pipeline) and return its public URL. */
export type UploadBodyImage = (file: File) => Promise<string>

/** Local copies of images whose public URL may not answer yet (a desktop offline queues the upload). */
const localCopies = new Map<string, string>()

export function rememberLocalCopy(url: string, file: Blob): void {
  if (!localCopies.has(url)) localCopies.set(url, URL.createObjectURL(file))
}

/** Alt text to start with: the file's name in words ("team-offsite_2026.jpg" → "team offsite 2026"). */
export function altFromFileName(name: string): string {
  return name
    .replace(/\.[^.]+$/, '')
    .replace(/[-_]+/g, ' ')
    .trim()
}

export const notAnEditorImage =
  '❌ Image upload failed: The file given is not a png, gif, jpeg, bmp or icon image'

/**
 * Uploads each image file and returns image nodes for them (spec §5: png, gif, jpeg, bmp and x-icon; other
 * files are refused with a message). Each upload reports in the status line.
 */
export async function uploadBodyImages(
  files: readonly File[],
  schema: Schema,
  upload: UploadBodyImage,
  report: (message: string) => void,
): Promise<ProseNode[]> {
  const nodes: ProseNode[] = []
  for (const file of files) {
    if (!editorImageTypes.includes(file.type)) {
      report(notAnEditorImage)
      continue
    }
    try {
      const src = await upload(file)
      rememberLocalCopy(src, file)
      const node = schema.nodes.image?.createAndFill({ src, alt: altFromFileName(file.name), title: '' })
      if (node) nodes.push(node)
      report('✅ Image uploaded successfully!')
    } catch (err) {
      report(`❌ Image upload failed: ${err instanceof Error ? err.message : String(err)}`)
    }
  }
  return nodes
}

/** The upload plugin's uploader (paste and drop): the same uploads as the toolbar's image button. */
export function bodyImageUploader(
  upload: () => UploadBodyImage,
  report: () => (message: string) => void,
): Uploader {
  return (files, schema) =>
    uploadBodyImages(
      Array.from(files).filter((file) => file.type.startsWith('image/')),
      schema,
      upload(),
      report(),
    )
}

/** Shows an image from its local copy while the public URL does not answer yet; the saved HTML keeps the URL. */
export const bodyImageView = $view(imageSchema.node, () => (initial) => {
  const dom = document.createElement('img')
  const render = (node: ProseNode) => {
    const src = String(node.attrs.src ?? '')
    dom.alt = String(node.attrs.alt ?? '')
    if (node.attrs.title) dom.title = String(node.attrs.title)
    else dom.removeAttribute('title')
    const local = localCopies.get(src)
    if (dom.dataset.src !== src) {
      dom.dataset.src = src
      dom.src = src
      dom.onerror = local ? () => (dom.src = local) : null
    }
  }
  render(initial)
  return {
    dom,
    update: (node) => {
      if (node.type !== initial.type) return false
      render(node)
      return true
    },
  }
})

export interface SelectedImage {
  pos: number
  src: string
  alt: string
}

function selectedImage(state: EditorState): SelectedImage | null {
  const { selection } = state
  if (!(selection instanceof NodeSelection) || selection.node.type.name !== 'image') return null
  return { pos: selection.from, src: String(selection.node.attrs.src), alt: String(selection.node.attrs.alt) }
}

/** Tells `onChange` which image is selected (null when none), whenever that changes. */
export function imageSelectionWatcher(onChange: () => (image: SelectedImage | null) => void) {
  return $prose(
    () =>
      new Plugin({
        key: new PluginKey('MERIDIAN_IMAGE_SELECTION'),
        view: () => {
          let last: SelectedImage | null = null
          return {
            update: (view) => {
              const now = selectedImage(view.state)
              if (now?.pos === last?.pos && now?.alt === last?.alt && now?.src === last?.src) return
              last = now
              onChange()(now)
            },
          }
        },
      }),
  )
}

/** Selects the image just inserted at or right after `from`, so its alt text can be set at once. */
export function selectImageNear(doc: ProseNode, from: number): NodeSelection | null {
  for (const pos of [from, from + 1, from - 1]) {
    if (pos < 0 || pos > doc.content.size) continue
    if (doc.nodeAt(pos)?.type.name === 'image') return NodeSelection.create(doc, pos)
  }
  return null
}
