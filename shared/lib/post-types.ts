/** The kinds of post (spec: blog, case study, ebook), for zod-free code too: the public pages import it. */
export const blogTypes = ['blog', 'case study', 'ebook'] as const
export type BlogType = (typeof blogTypes)[number]

/** How each kind is named wherever a reader or an editor sees it (badges, filters, feeds, covers). */
export const blogTypeLabels: Record<BlogType, string> = {
  blog: 'Blog',
  'case study': 'Case Study',
  ebook: 'Ebook',
}

/** Spec §2: a post without a type reads as a Blog. */
export function blogTypeLabel(type: BlogType | null | undefined): string {
  return blogTypeLabels[type ?? 'blog']
}
