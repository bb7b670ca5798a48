import { useCallback, useState } from 'react'
import type { BlogRow } from '../../schemas/blog.ts'
import {
  emptyFormValues,
  formValuesFromPost,
  sameFormValues,
  withTitle,
  type BlogFormValues,
  type EditingPost,
} from '../BlogEditorForm.utils.ts'

export interface PostForm {
  values: BlogFormValues
  /** The post being edited and the version it was opened at; null for a new post. */
  editing: EditingPost | null
  /** Changes when the body editor must start again from `values` (a restored draft or revision). */
  editorKey: number
  /** The form differs from what was loaded. */
  dirty: boolean
  set<K extends keyof BlogFormValues>(key: K, value: BlogFormValues[K]): void
  /** Spec §5: a title edit sets the slug again. */
  setTitle(title: string): void
  setBody(content: { markdown: string; html: string }): void
  /** Replaces every field (and the body editor's content), optionally with the post it belongs to. */
  replace(values: BlogFormValues, editing?: EditingPost | null): void
}

/** The form's fields: what was loaded (the baseline), what the editor has typed since, and the post it edits. */
export function usePostForm(post: BlogRow | null, mayPublish: boolean): PostForm {
  // A contributor writes drafts only: an editor publishes or schedules them (the database refuses the rest).
  const [baseline] = useState<BlogFormValues>(() =>
    post
      ? formValuesFromPost(post)
      : { ...emptyFormValues(), ...(mayPublish ? {} : { status: 'draft' as const }) },
  )
  const [values, setValues] = useState<BlogFormValues>(baseline)
  const [editing, setEditing] = useState<EditingPost | null>(
    post ? { id: post.id, slug: post.slug, version: post.version } : null,
  )
  const [editorKey, setEditorKey] = useState(0)

  const set = useCallback(
    <K extends keyof BlogFormValues>(key: K, value: BlogFormValues[K]) =>
      setValues((v) => ({ ...v, [key]: value })),
    [],
  )
  const setTitle = useCallback((title: string) => setValues((v) => withTitle(v, title)), [])
  const setBody = useCallback(
    ({ markdown, html }: { markdown: string; html: string }) =>
      setValues((v) => ({ ...v, contentMarkdown: markdown, contentHtml: html })),
    [],
  )
  const replace = useCallback((next: BlogFormValues, nextEditing?: EditingPost | null) => {
    setValues(next)
    if (nextEditing !== undefined) setEditing(nextEditing)
    setEditorKey((k) => k + 1)
  }, [])

  return {
    values,
    editing,
    editorKey,
    dirty: !sameFormValues(values, baseline),
    set,
    setTitle,
    setBody,
    replace,
  }
}
