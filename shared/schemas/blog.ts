import { z } from 'zod'
import { selectColumns } from './columns.ts'
import { textProblem } from './text.ts'
import { blogTypes } from '../lib/post-types.ts'

export { blogTypes, type BlogType } from '../lib/post-types.ts'

export const blogStatuses = ['draft', 'published', 'scheduled'] as const
export type BlogStatus = (typeof blogStatuses)[number]

/** The admin list's status filter: every post, or those that are published (live), scheduled or drafts now. */
export const adminStatusFilters = ['all', 'published', 'scheduled', 'draft'] as const
export type AdminStatusFilter = (typeof adminStatusFilters)[number]

/**
 * How a post stands at `now`: a scheduled post whose time has come is published (the database's read rule
 * says the same, by its own clock).
 */
export function statusAt(
  post: { status: BlogStatus; publish_at?: string | null },
  now: number = Date.now(),
): BlogStatus {
  if (post.status !== 'scheduled') return post.status
  const at = post.publish_at ? Date.parse(post.publish_at) : Number.NaN
  return !Number.isNaN(at) && at <= now ? 'published' : 'scheduled'
}

export const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/

/** The longest tag, in characters. */
export const tagMaxLength = 50
/** The punctuation a tag may hold besides letters, numbers and spaces (`C#`, `C++`, `R&D`, `CI/CD`, `Node.js`). */
export const tagPunctuation = `# + - . & ' ’ " / _ ( )`
const tagCharacters = /^[\p{L}\p{M}\p{N} #+\-.&'’"/_()]*$/u

/**
 * One tag, as stored: trimmed, never empty, at most `tagMaxLength` characters of letters and numbers in any
 * script, spaces and `tagPunctuation`. Never a comma: the editor's tag field separates tags with commas, so a
 * tag holding one could not be typed back in. The message names the tag, so the editor sees which to fix.
 */
export const tagSchema = z
  .string()
  .trim()
  .superRefine((tag, ctx) => {
    const shown = [...tag].length > 60 ? `${[...tag].slice(0, 57).join('')}…` : tag
    const refuse = (message: string) => ctx.addIssue({ code: 'custom', message })
    if (tag === '') refuse('A tag cannot be empty.')
    else if (tag.includes(','))
      refuse(`Tag “${shown}” cannot contain a comma: commas separate one tag from the next.`)
    else if ([...tag].length > tagMaxLength)
      refuse(`Tag “${shown}” is too long: at most ${tagMaxLength} characters.`)
    else if (!tagCharacters.test(tag))
      refuse(`Tag “${shown}” may contain only letters, numbers, spaces and ${tagPunctuation}`)
  })

/** A row of `public.blogs` as read through supabase-js. */
export const blogRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  type: z.enum(blogTypes).nullable().default('blog'),
  excerpt: z.string().nullable().default(null),
  content: z.string().nullable().default(null),
  content_markdown: z.string().nullable().default(null),
  author: z.string().nullable().default(null),
  cover_image_url: z.string().nullable().default(null),
  tags: z.array(z.string()).nullable().default([]),
  status: z.enum(blogStatuses).default('published'),
  created_at: z.string(),
  updated_at: z.string().nullable().default(null),
  /** Bumped by the database on every update; writes name the version they started from. */
  version: z.coerce.number().int().default(1),
  /** When a scheduled post becomes public (null unless scheduled). */
  publish_at: z.string().nullable().default(null),
  /** Who created the post (set by the database from the token; null for the server's own posts). */
  author_id: z.string().nullish(),
})
export type BlogRow = z.infer<typeof blogRowSchema>

/** A post in a list (resources cards, admin table): never the full bodies. */
export const blogListItemSchema = blogRowSchema.omit({ content: true, content_markdown: true })
/**
 * The columns a list reads. `author_id` only where the admin asks for it: the public view has no such
 * column.
 */
export const blogListColumns = selectColumns(blogListItemSchema.omit({ author_id: true }))
export type BlogListItem = z.infer<typeof blogListItemSchema>

/**
 * What the admin form writes (spec §3 plus type, excerpt, status and the editor's markdown): every field an
 * editor can change, in the order a comparison shows them.
 */
const blogInputFields = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Title is required.')
    .max(300)
    .superRefine((title, ctx) => {
      // The database cannot store a NUL: refused here with a message, not by the database in its words.
      const problem = textProblem(title)
      if (problem) ctx.addIssue({ code: 'custom', message: `Title: ${problem}` })
    }),
  slug: z
    .string()
    .trim()
    .min(1, 'Slug is required.')
    .max(200)
    .regex(slugPattern, 'Slug may contain only a-z, 0-9 and single hyphens.'),
  content: z.string().max(2_000_000).default(''),
  content_markdown: z.string().max(2_000_000).nullable().default(null),
  excerpt: z.string().max(1000).nullable().default(null),
  status: z.enum(blogStatuses).default('published'),
  type: z.enum(blogTypes).default('blog'),
  tags: z.array(tagSchema).max(50, 'A post can have at most 50 tags.').default([]),
  author: z.string().trim().min(1, 'Author is required.').max(200),
  cover_image_url: z.string().max(2000).nullable().default(null),
  /** When a scheduled post goes live (an ISO 8601 time with its offset); required for `scheduled`. */
  publish_at: z.iso
    .datetime({ offset: true, message: 'Enter the publish time as a date and time.' })
    .nullable()
    .optional(),
})
export const blogInputSchema = blogInputFields.refine(
  (post) => post.status !== 'scheduled' || Boolean(post.publish_at),
  { message: 'Choose the date and time to publish.', path: ['publish_at'] },
)
export type BlogInput = z.input<typeof blogInputSchema>
/** A post's editable fields with every default filled in (what is compared and what is sent). */
export type BlogFields = z.output<typeof blogInputSchema>

/** Every field an editor can change, in the order a comparison shows them. */
export const blogFieldNames = blogInputFields.keyof().options satisfies readonly (keyof BlogFields &
  keyof BlogRow)[]
export type BlogFieldName = (typeof blogFieldNames)[number]
