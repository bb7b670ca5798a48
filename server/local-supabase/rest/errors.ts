import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** An error already in PostgREST's shape and status. */
export class RestError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
    /** Headers the answer carries besides the error (a 416's Content-Range). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
  body() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message }
  }
}

export const parseError = (what: string, details: string | null = null) =>
  new RestError(400, 'PGRST100', `"failed to parse ${what}"`, details)
