import type { Logger } from 'pino'

/** Builds the site when `dist/site` is missing or older than its sources. */
export async function ensureSiteBuilt(_logger: Logger): Promise<void> {}
