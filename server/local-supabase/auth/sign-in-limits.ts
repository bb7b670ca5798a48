import { createHash } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import type { Queryable } from './users.ts'

/**
 * How many wrong passwords a sign-in may follow before it has to wait, per account (the email, whether or
 * not an account has it: the answers never tell) and per client address (an IPv6 client as its /64). The
 * first `free` failures cost nothing; after them each attempt waits `firstWaitSeconds` after the previous
 * failure, twice as long each time, up to `longestWaitSeconds`. A key with no failure for `forgetSeconds`
 * starts afresh.
 *
 * An attempt is counted before its password is checked, so a burst cannot get more checks than the limits
 * allow (and a refused attempt costs the server no hashing). A right password then gives the attempt back:
 * the account's failures are forgotten (its owner proved who they are), the address's count goes down by
 * the one attempt (so an office sharing an address is charged only for its mistakes). A refused attempt is
 * not counted: its owner, or a guesser, waits out the current delay and no more.
 */
export interface SignInRule {
  free: number
  firstWaitSeconds: number
  longestWaitSeconds: number
  forgetSeconds: number
}

export function signInRules(failuresPerAddress: number) {
  return {
    account: { free: 5, firstWaitSeconds: 2, longestWaitSeconds: 15 * 60, forgetSeconds: 24 * 60 * 60 },
    address: {
      free: Math.max(failuresPerAddress, 1),
      firstWaitSeconds: 2,
      longestWaitSeconds: 15 * 60,
      forgetSeconds: 60 * 60,
    },
  } satisfies Record<string, SignInRule>
}

export type SignInAttempt = { ok: true } | { ok: false; retryAfterSeconds: number }

export interface SignInLimits {
  /** Counts an attempt for `email` from `address`, or says how long to wait before one may be made. */
  take(email: string, address: string): Promise<SignInAttempt>
  /** The password was right: the account's failures are forgotten and the address gets its attempt back. */
  succeeded(email: string, address: string): Promise<void>
}

// Counters live in `public.rate_limit_counters`, beside the server's other limits (every instance on the
// database sees them): `count` is the failures (and checks under way), `window_start` when the last one
// was counted, `expires_at` when the key is forgotten. Keys are hashed: no address or email in clear.
const keyOf = (kind: 'account' | 'address', value: string) =>
  `signIn:${kind}:${createHash('sha256').update(value).digest('base64url').slice(0, 32)}`

/** Seconds until `rule` lets a key with `failures` (the last `sinceLast` seconds ago) try again; 0 for now. */
export function waitSeconds(rule: SignInRule, failures: number, sinceLast: number): number {
  if (failures < rule.free) return 0
  const wait = Math.min(
    rule.firstWaitSeconds * 2 ** Math.min(failures - rule.free, 30),
    rule.longestWaitSeconds,
  )
  return Math.max(0, Math.ceil(wait - sinceLast))
}

async function takeOne(tx: Queryable, key: string, rule: SignInRule): Promise<SignInAttempt> {
  const { rows } = await tx.query<{ count: number; since_last: number; expired: boolean }>(
    `select count, extract(epoch from now() - window_start)::float8 as since_last, expires_at <= now() as expired
       from public.rate_limit_counters where key = $1 for update`,
    [key],
  )
  const row = rows[0]
  const wait = row && !row.expired ? waitSeconds(rule, row.count, row.since_last) : 0
  if (wait > 0) return { ok: false, retryAfterSeconds: wait }
  await tx.query(
    `insert into public.rate_limit_counters as r (key, window_start, expires_at, count)
     values ($1, now(), now() + make_interval(secs => $2), 1)
     on conflict (key) do update
        set count = case when r.expires_at <= now() then 1 else r.count + 1 end,
            window_start = now(),
            expires_at = now() + make_interval(secs => $2)`,
    [key, rule.forgetSeconds],
  )
  return { ok: true }
}

export function createSignInLimits(db: PGlite, failuresPerAddress: number): SignInLimits {
  const rules = signInRules(failuresPerAddress)
  return {
    take: (email, address) =>
      db.transaction(async (tx) => {
        const account = await takeOne(tx, keyOf('account', email), rules.account)
        if (!account.ok) return account
        const fromAddress = await takeOne(tx, keyOf('address', address), rules.address)
        // Refused by the address: the account's count goes back as it was.
        if (!fromAddress.ok) await tx.rollback()
        // Now and then, drop forgotten keys so the table stays small (as take_rate_limit does).
        else if (Math.random() < 0.01)
          await tx.query('delete from public.rate_limit_counters where expires_at < now()')
        return fromAddress
      }),
    succeeded: async (email, address) => {
      await db.transaction(async (tx) => {
        await tx.query('delete from public.rate_limit_counters where key = $1', [keyOf('account', email)])
        await tx.query(
          'update public.rate_limit_counters set count = greatest(count - 1, 0) where key = $1',
          [keyOf('address', address)],
        )
      })
    },
  }
}
