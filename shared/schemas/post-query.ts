import { z } from 'zod'
import {
  maxResourcePages,
  maxResourceSearchLength,
  resourceTypeParams,
  type ResourceTypeParam,
} from '../lib/resource-query.ts'

// eslint-disable-next-line no-control-regex
const noControlCharacters = /^[^\u0000-\u001f\u007f]*$/

/** An absent or empty query parameter is the default. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional())

const typeParams = Object.keys(resourceTypeParams) as [ResourceTypeParam, ...ResourceTypeParam[]]

/** `GET /api/posts?type=&q=&page=`: one page of published posts (the resources page's "Load more" and search). */
export const postListQuerySchema = z.object({
  type: optional(z.enum(typeParams, { message: `type must be one of: ${typeParams.join(', ')}.` })).transform(
    (type) => type ?? 'all',
  ),
  q: optional(
    z
      .string()
      .trim()
      .max(maxResourceSearchLength, `q may be at most ${maxResourceSearchLength} characters.`)
      .regex(noControlCharacters, 'q may not contain control characters.'),
  ).transform((q) => q ?? ''),
  page: optional(
    z.coerce
      .number({ message: 'page must be a whole number.' })
      .int('page must be a whole number.')
      .min(1, 'page must be 1 or more.')
      .max(maxResourcePages, `page may be at most ${maxResourcePages}.`),
  ).transform((page) => page ?? 1),
})

/** `GET /api/posts/:slug`. */
export const postSlugSchema = z
  .string()
  .min(1, 'The slug is empty.')
  .max(200, 'The slug may be at most 200 characters.')
  .regex(noControlCharacters, 'The slug may not contain control characters.')
