import { z } from 'zod'

/**
 * The public runtime configuration a site serves at `GET /config.json`, declared once. The server builds
 * its reply through this schema; the site (supabase-js client, email service address) and the desktop app
 * (which needs nothing but a site address) parse what they fetch with it. Public values only: the anon key
 * is meant for browsers, no secret ever belongs here.
 *
 * Unknown keys are dropped rather than refused, so a newer server can add fields without breaking older
 * desktop apps. Messages are written to be read by a person ("supabaseUrl is missing").
 */

/** "is missing" when the key is absent, else the given complaint. */
const missingOr = (complaint: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is missing' : complaint

const text = () => z.string({ error: missingOr('must be text') }).min(1, 'is empty')

/** An absolute http(s) address (hosted Supabase, or http://localhost:8080 for the embedded backend). */
const webAddress = () =>
  z.url({ protocol: /^https?$/, error: missingOr('must be an http:// or https:// address') })

export const publicConfigSchema = z.object(
  {
    /** Where supabase-js reaches the backend: hosted Supabase, or the site's own origin in local mode. */
    supabaseUrl: webAddress(),
    /** The public (anon) key; row-level security decides what it may do. */
    supabaseAnonKey: text(),
    /** Base URL of the email service (`GET /` health check, `POST /send-email`). */
    emailServiceUrl: webAddress(),
    /**
     * Where the desktop app's installers and update metadata are published (`DESKTOP_RELEASES_URL`):
     * the editor app's Downloads links and the desktop's update checks. Null or absent: neither.
     */
    desktopReleasesUrl: webAddress().nullable().default(null),
    /** The brand strings of `shared/config/brand.ts`, for clients that show them. */
    brand: z.object(
      {
        name: text(),
        productSlug: text(),
        contactEmail: text(),
        salesEmail: text(),
        defaultAuthor: text(),
        tagline: text(),
        siteUrl: webAddress(),
      },
      { error: missingOr('must be an object') },
    ),
  },
  { error: missingOr('must be a JSON object') },
)

export type PublicConfig = z.infer<typeof publicConfigSchema>

/** One line naming every problem: "supabaseUrl is missing; brand.siteUrl must be an http:// or https:// address". */
export function describePublicConfigProblems(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'the configuration'} ${issue.message}`)
    .join('; ')
}

/** Thrown by `parsePublicConfig` when `/config.json` does not have the agreed shape. */
export class InvalidPublicConfigError extends Error {
  constructor(readonly problems: string) {
    super(`Invalid /config.json: ${problems}.`)
    this.name = 'InvalidPublicConfigError'
  }
}

/** Parses a fetched `/config.json` body; throws `InvalidPublicConfigError` listing every problem. */
export function parsePublicConfig(body: unknown): PublicConfig {
  const result = publicConfigSchema.safeParse(body)
  if (!result.success) throw new InvalidPublicConfigError(describePublicConfigProblems(result.error))
  return result.data
}
