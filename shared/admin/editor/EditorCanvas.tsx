import { lazy, Suspense, useId, type RefObject } from 'react'
import { Loading } from '../../ui/Spinner.tsx'
import type { EditorContent, EditorHandle } from '../MilkdownEditor.tsx'

// Milkdown is the largest part of the admin: load it only when the form is on screen.
const MilkdownEditor = lazy(() => import('../MilkdownEditor.tsx'))

export interface EditorCanvasProps {
  title: string
  onTitle(title: string): void
  /** Remount the body editor when this changes (a restored draft or revision). */
  editorKey: number
  contentMarkdown: string | null
  contentHtml: string
  onBody(content: EditorContent): void
  handleRef: RefObject<EditorHandle | null>
  /** Uploads an image for the body (the cover's pipeline) and returns its public URL. */
  uploadImage(file: File): Promise<string>
  onStatus(message: string): void
}

/** The post as the page it will be: a large title, then the body, in one reading column. */
export function EditorCanvas({
  title,
  onTitle,
  editorKey,
  contentMarkdown,
  contentHtml,
  onBody,
  handleRef,
  uploadImage,
  onStatus,
}: EditorCanvasProps) {
  const titleId = useId()
  return (
    <div className="mx-auto w-full max-w-3xl px-4 pt-6 pb-10 sm:px-8 sm:pt-8">
      <label htmlFor={titleId} className="sr-only">
        Title
      </label>
      <textarea
        id={titleId}
        name="title"
        required
        rows={1}
        placeholder="Post title"
        value={title}
        onChange={(e) => onTitle(e.target.value.replace(/\s*\n\s*/g, ' '))}
        onKeyDown={(e) => {
          // A title is one line: Enter goes on to the body.
          if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return
          e.preventDefault()
          handleRef.current?.focus()
        }}
        className="block w-full resize-none border-0 bg-transparent p-0 text-[1.75rem] leading-tight font-bold tracking-tight text-slate-900 [field-sizing:content] placeholder:text-slate-300 focus:ring-0 focus:outline-none sm:text-4xl"
      />
      <div className="mt-4">
        <Suspense fallback={<Loading className="py-4 text-sm">Loading editor…</Loading>}>
          <MilkdownEditor
            key={editorKey}
            handleRef={handleRef}
            initialMarkdown={contentMarkdown}
            initialHtml={contentHtml}
            onChange={onBody}
            uploadImage={uploadImage}
            onMessage={onStatus}
          />
        </Suspense>
      </div>
    </div>
  )
}
