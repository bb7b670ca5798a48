import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import { blogRowSchema, blogStatuses, blogTypes } from '../schemas/blog.ts'
import { selectColumns } from '../schemas/columns.ts'
import { fail } from './blogs.ts'
import { oneOrNull } from './results.ts'

/**
 * The revisions data module: the only code that reads `public.blog_revisions`. The database writes every
 * revision itself (a trigger on `blogs`, the last 100 per post), so there is nothing here that writes; a
 * restore is an ordinary conditional save of a revision's fields (`postFields`, then `updatePost`).
 */

/** One saved version of a post, without its bodies: what the history list shows. */
export const revisionSummarySchema = z.object({
  id: z.coerce.number().int(),
  post_id: z.string(),
  version: z.coerce.number().int(),
  saved_at: z.string(),
  /** The signed-in user who saved it; null for the server's own writes. */
  saved_by: z.string().nullable().default(null),
  saved_by_email: z.string().nullable().default(null),
  title: z.string(),
  status: z.enum(blogStatuses),
})
export type RevisionSummary = z.infer<typeof revisionSummarySchema>

/** A revision with every editable field, for a comparison or a restore (a revision always has a type and an author). */
export const revisionSchema = revisionSummarySchema.extend({
  ...blogRowSchema.pick({
    slug: true,
    excerpt: true,
    content: true,
    content_markdown: true,
    cover_image_url: true,
    tags: true,
    publish_at: true,
  }).shape,
  type: z.enum(blogTypes),
  author: z.string(),
})
export type Revision = z.infer<typeof revisionSchema>

export const revisionSummaryColumns = selectColumns(revisionSummarySchema)
/** The most revisions the database keeps per post. */
export const revisionsKept = 100

/** A post's history, newest first (at most the 100 kept). Editors only (row-level security). */
export async function listRevisions(client: SupabaseClient, postId: string): Promise<RevisionSummary[]> {
  const { data, error, status } = await client
    .from('blog_revisions')
    .select(revisionSummaryColumns)
    .eq('post_id', postId)
    .order('version', { ascending: false })
    .limit(revisionsKept)
  if (error) fail(error, status)
  return z.array(revisionSummarySchema).parse(data ?? [])
}

/** One revision with all its fields, or null when it is gone (trimmed, or its post was deleted). */
export async function getRevision(client: SupabaseClient, id: number): Promise<Revision | null> {
  return oneOrNull(
    client.from('blog_revisions').select('*').eq('id', id).maybeSingle(),
    (row) => revisionSchema.parse(row),
    fail,
  )
}
