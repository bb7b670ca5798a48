import { adminPath, brand } from '@shared/config/brand.ts'

export interface RouteMeta {
  title: string
  description: string
  /** Prerendered at build time (marketing routes); the others render in the browser from an empty page with this head. */
  prerender: boolean
  /** Listed in sitemap.xml. */
  sitemap: boolean
  /** Staff pages: `noindex` and no canonical URL. */
  noindex?: boolean
}

const suffix = ` | ${brand.name}`

/** Title and description per public path; the prerender step writes them into each page's head. */
const publicRouteMeta: Record<string, RouteMeta> = {
  '/': {
    title: `${brand.name}: build and own a tech capacity centre in India`,
    description:
      'AI-enabled, end to end: acquire, manage, retain and own a tech team in India. Top 1% talent, time to hire of 2 weeks, a team in 4 to 6 weeks.',
    prerender: true,
    sitemap: true,
  },
  '/solutions': {
    title: `Our GCC Solutions${suffix}`,
    description:
      'Compare the TALENT BOT model (a dedicated company, onboarding under 2 weeks) with the Shared GCC model (shared employer of record, onboarding under 4 weeks).',
    prerender: true,
    sitemap: true,
  },
  '/platform': {
    title: `Our Technology Platform${suffix}`,
    description:
      'Talent search across over 10 million profiles, interview scheduling, outreach, assessments, analytics and compliance in one platform.',
    prerender: true,
    sitemap: true,
  },
  '/contact': {
    title: `FAQs${suffix}`,
    description:
      'How fast we build your team, how we differ from outsourcing, the quality of our talent and when to set up your own subsidiary.',
    prerender: true,
    sitemap: true,
  },
  '/privacy': {
    title: `Privacy Policy${suffix}`,
    description: `What ${brand.name} collects through this site, why, how long it is kept and how to reach us about your data.`,
    prerender: true,
    sitemap: true,
  },
  '/terms': {
    title: `Terms of Service${suffix}`,
    description: `The terms that apply when you use the ${brand.name} website.`,
    prerender: true,
    sitemap: true,
  },
  '/get-started': {
    title: `Get Started${suffix}`,
    description: "Tell us about your requirements and we'll help you assemble the perfect team.",
    prerender: true,
    sitemap: true,
  },
  '/resources': {
    title: `Resources & Insights${suffix}`,
    description: 'Articles, case studies and ebooks on building a tech capacity centre in India.',
    prerender: false,
    sitemap: true,
  },
}

/**
 * Staff pages, prerendered as their frame (the email service's status still checking, the admin still
 * loading), so nothing moves when the app takes over. Only the build reads these (the browser's bundle
 * leaves them out): nothing links to them, and the admin sets its own title.
 */
const staffRouteMeta: Record<string, RouteMeta> = {
  '/test-email': {
    title: `Email Service Test${suffix}`,
    description: 'Check that the email service is reachable and send a test message.',
    prerender: true,
    sitemap: false,
    noindex: true,
  },
  [adminPath]: {
    title: `Blog admin${suffix}`,
    description: 'Write and publish posts.',
    prerender: true,
    sitemap: false,
    noindex: true,
  },
}

/** Every route the build writes, with its head (scripts/prerender.ts, through entry-server). */
export const routeMeta: Record<string, RouteMeta> = /* @__PURE__ */ Object.assign(
  {},
  publicRouteMeta,
  staffRouteMeta,
)

export const notFoundMeta = {
  title: `Page not found${suffix}`,
  description: 'The page you are looking for does not exist.',
}

/** Meta of a known route (case-insensitive, trailing slash ignored), or undefined. */
export function metaForPath(pathname: string): RouteMeta | undefined {
  const key = pathname.toLowerCase().replace(/\/+$/, '') || '/'
  return Object.hasOwn(publicRouteMeta, key) ? publicRouteMeta[key] : undefined
}
