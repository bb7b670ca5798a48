/** The kinds of post (spec: blog, case study, ebook), for zod-free code too: the public pages import it. */
export const blogTypes = ['blog', 'case study', 'ebook'] as const
export type BlogType = (typeof blogTypes)[number]
