import { describe, expect, it } from 'vitest'
import { BlogDataError, PostConflictError } from '../data/blogs.ts'
import { blogRowSchema } from '../schemas/blog.ts'
import {
  blogInputFromForm,
  conflictOf,
  emptyFormValues,
  formValuesFromPost,
  imageExtension,
  isEditorLink,
  missingRequiredField,
  readDraft,
  withTitle,
  writeDraft,
} from './BlogEditorForm.utils.ts'

/** A post as stored: the given fields over an id and a creation time. */
const storedPost = (fields: Record<string, unknown>) =>
  blogRowSchema.parse({ id: 'p1', created_at: '2026-01-01T00:00:00Z', ...fields })

function memoryStorage() {
  const map = new Map<string, string>()
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  }
}

describe('blog editor form rules', () => {
  it('sets the slug from the title and regenerates it on the next title edit', () => {
    let values = withTitle(emptyFormValues(), 'Hello World')
    expect(values.slug).toBe('hello-world')
    values = { ...values, slug: 'my-own-slug' }
    values = withTitle(values, 'Hello World Again')
    expect(values.slug).toBe('hello-world-again')
  })

  it('defaults the author to the brand author, type to blog and status to published', () => {
    const values = emptyFormValues()
    expect(values.author).toBe('Meridian Team')
    expect(values.type).toBe('blog')
    expect(values.status).toBe('published')
  })

  it('requires title, slug and author', () => {
    expect(missingRequiredField(emptyFormValues())).toBe('Title is required.')
    expect(missingRequiredField({ ...withTitle(emptyFormValues(), '!!!') })).toBe('Slug is required.')
    expect(missingRequiredField({ ...withTitle(emptyFormValues(), 'T'), author: ' ' })).toBe(
      'Author is required.',
    )
    expect(missingRequiredField(withTitle(emptyFormValues(), 'T'))).toBeNull()
  })

  it('saves parsed tags, sanitised content and a derived excerpt', () => {
    const values = {
      ...withTitle(emptyFormValues(), 'Post'),
      tags: 'a, b,,c ',
      contentHtml: '<p>Body <b>text</b></p><script>x</script>',
    }
    const input = blogInputFromForm(values, (html) => html.replace(/<script>.*?<\/script>/g, ''))
    expect(input.tags).toEqual(['a', 'b', 'c'])
    expect(input.content).toBe('<p>Body <b>text</b></p>')
    expect(input.excerpt).toBe('Body text')
    expect(input.cover_image_url).toBeNull()
  })

  it('loads a post with its tags joined by comma and space', () => {
    const post = storedPost({ title: 'T', slug: 't', tags: ['a', 'b', 'c'], content_markdown: null })
    const values = formValuesFromPost(post)
    expect(values.tags).toBe('a, b, c')
    expect(values.contentMarkdown).toBeNull()
  })

  it('accepts only http, https, mailto and tel links in the editor', () => {
    for (const ok of ['https://a.test/x', 'http://a.test', 'mailto:hi@a.test', 'tel:+91 80 1234 5678'])
      expect(isEditorLink(ok), ok).toBe(true)
    for (const bad of ['javascript:alert(1)', 'ftp://a.test', 'data:text/html,x', '/relative', 'a.test'])
      expect(isEditorLink(bad), bad).toBe(false)
  })

  it('names image files by their type', () => {
    expect(imageExtension('image/jpeg')).toBe('jpg')
    expect(imageExtension('image/x-icon')).toBe('ico')
    expect(imageExtension('application/octet-stream', 'photo.HEIC')).toBe('heic')
  })

  it('keeps a draft in storage and reads it back', () => {
    const storage = memoryStorage()
    expect(readDraft(storage)).toBeNull()
    const values = withTitle(emptyFormValues(), 'Draft title')
    writeDraft(storage, { values, editing: null, savedAt: '2026-01-01T00:00:00Z' })
    expect(readDraft(storage)?.values.title).toBe('Draft title')
    storage.setItem('meridian.blog-admin.draft', '{broken')
    expect(readDraft(storage)).toBeNull()
  })

  it('reads a draft kept before posts had versions as an edit of version 0 (saving it shows the comparison)', () => {
    const storage = memoryStorage()
    const values = withTitle(emptyFormValues(), 'Old draft')
    storage.setItem(
      'meridian.blog-admin.draft',
      JSON.stringify({ values, editing: { id: 'p1', slug: 'old-draft' }, savedAt: '2026-01-01T00:00:00Z' }),
    )
    expect(readDraft(storage)?.editing).toEqual({ id: 'p1', slug: 'old-draft', version: 0 })
  })
})

describe('telling a lost race from other failures', () => {
  const theirs = storedPost({ title: 'T', slug: 't', version: 4 })

  it('recognises a conflict by its class or, across a boundary that drops classes, by its code', () => {
    expect(conflictOf(new PostConflictError(theirs))).toEqual({ theirs })
    expect(conflictOf(new PostConflictError(null))).toEqual({ theirs: null })
    expect(conflictOf(Object.assign(new Error('x'), { code: 'conflict', theirs }))).toEqual({ theirs })
  })

  it('leaves other errors alone', () => {
    expect(conflictOf(new BlogDataError('A post with the slug “t” already exists.', 'slug_taken'))).toBeNull()
    expect(conflictOf(new Error('offline'))).toBeNull()
    expect(conflictOf(null)).toBeNull()
  })
})

describe('scheduling in the form', () => {
  const scheduled = {
    ...withTitle(emptyFormValues(), 'Launch'),
    status: 'scheduled' as const,
    publishAt: '2027-03-14T09:30',
  }

  it('asks for the publish time only when the post is scheduled', () => {
    expect(missingRequiredField({ ...scheduled, publishAt: '' })).toBe('Choose the date and time to publish.')
    expect(missingRequiredField(scheduled)).toBeNull()
    expect(missingRequiredField({ ...scheduled, status: 'draft', publishAt: '' })).toBeNull()
  })

  it('sends the picked local time as an instant, and none for other statuses', () => {
    const input = blogInputFromForm(scheduled, (html) => html)
    expect(input.publish_at).toBe(new Date('2027-03-14T09:30').toISOString())
    expect(blogInputFromForm({ ...scheduled, status: 'published' }, (html) => html).publish_at).toBeNull()
  })

  it('loads a scheduled post back into the picker in this time zone', () => {
    const row = storedPost({
      title: 'Launch',
      slug: 'launch',
      status: 'scheduled',
      publish_at: new Date('2027-03-14T09:30').toISOString(),
    })
    expect(formValuesFromPost(row).publishAt).toBe('2027-03-14T09:30')
  })
})
