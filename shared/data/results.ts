import type { PostgrestError } from '@supabase/supabase-js'

/**
 * What a supabase-js answer means, for every data module: a failed call in words a person can act on, and a
 * zero-or-one read as its row or null. (Posts and revisions say their own words: `fail` in blogs.ts.)
 */

/** A failed data call: "Could not …", with the database's error code (e.g. `not_allowed`, `23505`). */
export class DataError extends Error {
  readonly code: string | undefined
  constructor(message: string, code?: string) {
    super(message)
    this.name = 'DataError'
    this.code = code
  }
}

/** Throws the `DataError` "Could not {doing}: {the database's message}". */
export function couldNot(doing: string, error: { message: string; code?: string }): never {
  throw new DataError(`Could not ${doing}: ${error.message}`, error.code)
}

/** The row a zero-or-one read (`.maybeSingle()`) found, parsed, or null; a failed read goes to `fail`. */
export async function oneOrNull<T>(
  read: PromiseLike<{ data: unknown; error: PostgrestError | null; status: number }>,
  parse: (row: unknown) => T,
  fail: (error: PostgrestError, status: number) => never,
): Promise<T | null> {
  const { data, error, status } = await read
  if (error) fail(error, status)
  return data ? parse(data) : null
}
