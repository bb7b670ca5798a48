import { brand } from '../shared/config/brand.ts'
import { parsePublicConfig, type PublicConfig } from '../shared/config/public-config.ts'
import type { ServerContext } from './context.ts'

/**
 * The reply of `GET /config.json`, built through the shared schema: a misconfigured value (say an
 * EMAIL_SERVICE_URL that is not a web address) fails here, on the server, with a message naming it,
 * instead of in every browser and desktop app that reads it.
 */
export function publicConfigFor(
  ctx: Pick<ServerContext, 'supabase' | 'emailServiceUrl' | 'desktopReleasesUrl'>,
  requestOrigin: string,
): PublicConfig {
  return parsePublicConfig({
    // In local mode the embedded backend answers on the site's own origin, as the browser reaches it.
    supabaseUrl: ctx.supabase.local ? requestOrigin : ctx.supabase.url,
    supabaseAnonKey: ctx.supabase.anonKey,
    emailServiceUrl: ctx.emailServiceUrl,
    desktopReleasesUrl: ctx.desktopReleasesUrl,
    brand,
  } satisfies PublicConfig)
}
