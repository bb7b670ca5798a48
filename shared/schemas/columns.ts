import type { z } from 'zod'

/**
 * The select list of a read, from the zod schema its rows are parsed with: the columns asked for are the
 * fields the schema reads, written once (`selectColumns(postCardSchema)` → `'title,slug,…'`).
 */
export function selectColumns(schema: z.ZodObject): string {
  return Object.keys(schema.shape).join(',')
}
