import type { BlogType } from './post-types.ts'

/**
 * The state of the resources page as it lives in the query string (`?type=case-study&q=hiring&page=2`), so
 * every state is a link. Plain TypeScript: the public pages import it, so it must not pull in zod (the
 * server validates with `shared/schemas/post-query.ts`, built on these constants).
 */

/** The `type` values of the query string (URL-friendly: `case-study`), and the post type each stands for. */
export const resourceTypeParams = {
  all: null,
  blog: 'blog',
  'case-study': 'case study',
  ebook: 'ebook',
} as const satisfies Record<string, BlogType | null>
export type ResourceTypeParam = keyof typeof resourceTypeParams

export const resourcesPageSize = 9
/** `page` counts the pages of cards shown (1 to this); more would make one page too long to send. */
export const maxResourcePages = 50
/** The longest search text accepted. */
export const maxResourceSearchLength = 200

export interface ResourcesQuery {
  type: ResourceTypeParam
  /** Search text, trimmed ('' for none). */
  q: string
  /** Pages of cards shown, 1 to `maxResourcePages`. */
  page: number
}

export function isResourceTypeParam(value: string): value is ResourceTypeParam {
  return Object.hasOwn(resourceTypeParams, value)
}

/**
 * The page's state from a query string, forgiving: an unknown type is all types, a bad page is the first,
 * a page past the limit is the last allowed, a long search is cut, control characters are dropped. (The
 * JSON endpoint is strict instead.)
 */
export function resourcesQueryFrom(params: URLSearchParams): ResourcesQuery {
  const type = params.get('type') ?? ''
  const page = Number(params.get('page') ?? '1')
  return {
    type: isResourceTypeParam(type) ? type : 'all',
    q: (params.get('q') ?? '')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(0, maxResourceSearchLength),
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, maxResourcePages) : 1,
  }
}

/** The query string of a state ('' for the default), defaults left out: `?type=ebook&q=hiring&page=2`. */
export function resourcesSearch(query: ResourcesQuery): string {
  const params = new URLSearchParams()
  if (query.type !== 'all') params.set('type', query.type)
  if (query.q) params.set('q', query.q)
  if (query.page > 1) params.set('page', String(query.page))
  const search = params.toString()
  return search ? `?${search}` : ''
}
