import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js'
import type { z } from 'zod'

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

/** Calls a SQL function (`client.rpc`): what it returned, or the `DataError` "Could not {doing}: …". */
export async function callRpc(
  client: SupabaseClient,
  fn: string,
  args: Record<string, unknown>,
  doing: string,
): Promise<unknown> {
  const { data, error } = await client.rpc(fn, args)
  if (error) couldNot(doing, error)
  return data
}

/** Calls a SQL function that returns zero or one row: the row, parsed, or null. */
export async function callRpcForRow<T>(
  client: SupabaseClient,
  fn: string,
  args: Record<string, unknown>,
  doing: string,
  parse: (row: unknown) => T,
): Promise<T | null> {
  const rows = await callRpc(client, fn, args, doing)
  const row: unknown = Array.isArray(rows) ? rows[0] : undefined
  return row === undefined ? null : parse(row)
}

/** A reader of the zero-or-one row a SQL function returns for one key (its argument `arg`), parsed, or null. */
export const rpcRowFor =
  <T>(fn: string, arg: string, doing: string, parse: (row: unknown) => T) =>
  (client: SupabaseClient, key: string): Promise<T | null> =>
    callRpcForRow(client, fn, { [arg]: key }, doing, parse)

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

/** A column name as the app spells it: `created_at` → `createdAt`. */
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S
export type CamelKeys<T> = { [K in keyof T & string as Camel<K>]: T[K] }

/** A row with the app's names for its columns (one level: nested rows are named by their own reader). */
export function camelKeys<T extends object>(row: T): CamelKeys<T> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()),
      value,
    ]),
  ) as CamelKeys<T>
}

/** Reads a row with a schema of the app's names, so a table and the shape the app shows are declared once. */
export const rowReader =
  <S extends z.ZodType>(schema: S) =>
  (row: unknown): z.output<S> =>
    schema.parse(row !== null && typeof row === 'object' ? camelKeys(row) : row)
