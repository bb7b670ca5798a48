import type { BlogListItem, BlogRow } from './blog.ts'
import type { LeadFormPageData } from '../lib/lead-form.ts'
import type { ResourcesQuery } from '../lib/resource-query.ts'

/**
 * Data a page was rendered with on the server (server/web/render.ts), embedded in the HTML as
 * `<script type="application/json" id="page-data">` and read once by the browser when it hydrates
 * (site/src/lib/page-data.tsx), so the page shows the same content without asking the server again.
 * One optional field per page. Types only: the public pages import it.
 */
export interface PageData {
  /**
   * /post/{slug}: the post with its body already sanitised on the server, or null (not found, a draft), and
   * the posts to read next (list columns).
   */
  post?: { slug: string; row: BlogRow | null; related?: BlogListItem[] }
  /** /resources: the cards of `query` (pages 1 to `query.page`) and the number of matching posts. */
  resources?: { query: ResourcesQuery; posts: BlogListItem[]; total: number }
  /** /get-started after the form was posted without JavaScript: the form with its messages, or the confirmation. */
  leadForm?: LeadFormPageData
}

/** The id of the element that carries it. */
export const pageDataElementId = 'page-data'
