import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import { couldNot } from './results.ts'

/**
 * The `rate_limit_counters` table, through its one function: `take_rate_limit` counts a request in the
 * current fixed window and says whether it is within the limit. Service role only.
 */

const takeResultSchema = z.array(z.object({ allowed: z.boolean(), retry_after_seconds: z.number().int() }))

export async function takeRateLimit(
  client: SupabaseClient,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<{ ok: boolean; retryAfterSeconds: number }> {
  const { data, error } = await client.rpc('take_rate_limit', {
    p_key: key,
    p_limit: limit,
    p_window_seconds: windowSeconds,
  })
  if (error) couldNot('count the request', error)
  const [row] = takeResultSchema.parse(data)
  if (!row) couldNot('count the request', { message: 'no answer' })
  return { ok: row.allowed, retryAfterSeconds: row.retry_after_seconds }
}
