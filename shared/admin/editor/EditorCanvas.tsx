import { lazy, Suspense, useId, type RefObject } from 'react'
import { Loading } from '../../ui/Spinner.tsx'
import type { EditorHandle } from '../MilkdownEditor.tsx'
import type { PostForm } from './usePostForm.ts'

// Milkdown is the largest part of the admin: load it only when the form is on screen.
const MilkdownEditor = lazy(() => import('../MilkdownEditor.tsx'))

export interface EditorCanvasProps {
  /** The title and body come from the form, and edits go back to it. */
  form: Pick<PostForm, 'values' | 'setTitle' | 'editorKey' | 'setBody'>
  handleRef: RefObject<EditorHandle | null>
  /** Uploads an image for the body (the cover's pipeline) and returns its public URL. */
  uploadImage(file: File): Promise<string>
  onStatus(message: string): void
}

/** The post as the page it will be: a large title, then the body, in one reading column. */
export function EditorCanvas({ form, handleRef, uploadImage, onStatus }: EditorCanvasProps) {
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
        value={form.values.title}
        onChange={(e) => form.setTitle(e.target.value.replace(/\s*\n\s*/g, ' '))}
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
            key={form.editorKey}
            handleRef={handleRef}
            initialMarkdown={form.values.contentMarkdown}
            initialHtml={form.values.contentHtml}
            onChange={form.setBody}
            uploadImage={uploadImage}
            onMessage={onStatus}
          />
        </Suspense>
      </div>
    </div>
  )
}
