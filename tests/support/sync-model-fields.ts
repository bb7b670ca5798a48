import fc from 'fast-check'
import { postFields, postValues } from '../../shared/data/blogs.ts'
import { blogFieldNames, type BlogFieldName, type BlogFields } from '../../shared/schemas/blog.ts'

/**
 * The post fields of the model-based sync test (tests/support/sync-model.ts): what an edit changes, and
 * how a saved edit is compared with what the server wrote and with what a desktop shows. The fields are the
 * schema's (`blogFieldNames`: every field an editor can change), not a list of the test's own.
 */

/** Every field an edit may change besides the title (unique per edit: it names the edit) and the slug (a rename). */
type Pooled = Exclude<BlogFieldName, 'title' | 'slug'>
export const pooledFields = blogFieldNames.filter((f): f is Pooled => f !== 'title' && f !== 'slug')

/**
 * A few values per field, so edits from several places collide. Typed over the schema's fields: a field
 * added to the schema does not compile here until it has values.
 */
const pools: { [F in Pooled]: ReadonlyArray<BlogFields[F]> } = {
  content: ['<p>First draft.</p>', '<p>Second draft, longer.</p>', '<h2>Plan</h2><p>Three steps.</p>'],
  content_markdown: [null, 'First draft.', '## Plan\n\nThree steps.'],
  excerpt: [null, 'What the post is about, in a line.', 'A shorter summary.'],
  status: ['draft', 'published', 'scheduled'],
  type: ['blog', 'case study', 'ebook'],
  tags: [['gcc'], ['hiring', 'gcc'], [], ['payroll']],
  author: ['Asha Rao', 'Miguel Ortiz', 'Li Wei'],
  cover_image_url: [null, 'https://images.example.com/covers/harbour.jpg', '/images/blog-covers/2.webp'],
  // Due in the future, already due (a scheduled post that is live), and written with another offset.
  publish_at: ['2031-05-01T09:00:00.000Z', '2020-02-03T10:30:00+02:00', '2030-12-24T18:00:00-05:00'],
}
for (const field of pooledFields)
  if (!pools[field]?.length) throw new Error(`the sync model has no values for the post field ${field}`)

/** What an edit changes: per field, an index into its values, or null to leave it as it is. */
export type Fields = { [F in Pooled]: number | null }

export const noFields = Object.fromEntries(pooledFields.map((f) => [f, null])) as Fields

export const fieldsArbitrary: fc.Arbitrary<Fields> = fc.record(
  Object.fromEntries(
    pooledFields.map((f) => [f, fc.option(fc.nat({ max: pools[f].length - 1 }), { freq: 2 })]),
  ) as { [F in Pooled]: fc.Arbitrary<number | null> },
)

/** Fields chosen by a number (the posts a case starts with differ from each other and from case to case). */
export function fieldsNumbered(n: number): Fields {
  return Object.fromEntries(pooledFields.map((f, i) => [f, (n + i) % pools[f].length])) as Fields
}

/**
 * The whole input an editor saves: `base` (the post as opened: every field of it) with `fields` changed,
 * and its slug and title. A scheduled post gets a publish time if it has none (the form asks for one).
 */
export function editedInput(
  base: Partial<Record<BlogFieldName, unknown>>,
  fields: Fields,
  slug: string,
  title: string,
): BlogFields {
  const input: BlogFields = { ...postFields(base), slug, title }
  for (const field of pooledFields) {
    const index = fields[field]
    if (index !== null) Object.assign(input, { [field]: pools[field][index] })
  }
  if (input.status === 'scheduled' && !input.publish_at) input.publish_at = pools.publish_at[0]
  return input
}

/** What the server stores for a saved input (defaults, the derived excerpt, the publish time in UTC). */
export const storedFields = (input: BlogFields): BlogFields => postValues(input)

/** A field's value as compared: tags as a list, a publish time as its instant, nothing as null. */
function comparable(field: BlogFieldName, value: unknown): string {
  if (field === 'tags') return JSON.stringify(value ?? [])
  if (field === 'publish_at') return JSON.stringify(value ? Date.parse(String(value)) : null)
  return JSON.stringify(value ?? null)
}

/** The schema's fields in which two copies of a post differ (none: the same post, every field). */
export function differingFields(
  a: Partial<Record<BlogFieldName, unknown>>,
  b: Partial<Record<BlogFieldName, unknown>>,
): BlogFieldName[] {
  return blogFieldNames.filter((f) => comparable(f, a[f]) !== comparable(f, b[f]))
}
