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

interface CounterRow {
  key: string
  count: number
  since_last: number
  expired: boolean
}

const counterColumns =
  'key, count, extract(epoch from now() - window_start)::float8 as since_last, expires_at <= now() as expired'

/** Seconds `rule` still asks of the key's row (0 for none, or one forgotten). */
const waitOf = (row: CounterRow | undefined, rule: SignInRule) =>
  row && !row.expired ? waitSeconds(rule, row.count, row.since_last) : 0

async function takeOne(tx: Queryable, key: string, rule: SignInRule): Promise<SignInAttempt> {
  const { rows } = await tx.query<CounterRow>(
    `select ${counterColumns} from public.rate_limit_counters where key = $1 for update`,
    [key],
  )
  const wait = waitOf(rows[0], rule)
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
    take: async (email, address) => {
      const account = keyOf('account', email)
      const fromAddress = keyOf('address', address)
      // A look first, locking nothing: most attempts in a burst are refused, and a refusal then costs one
      // read (locking and writing the rows costs several times that, on the thread every request needs).
      const { rows } = await db.query<CounterRow>(
        `select ${counterColumns} from public.rate_limit_counters where key = any($1)`,
        [[account, fromAddress]],
      )
      const waitFor = (key: string, rule: SignInRule) =>
        waitOf(
          rows.find((r) => r.key === key),
          rule,
        )
      const wait = Math.max(waitFor(account, rules.account), waitFor(fromAddress, rules.address))
      if (wait > 0) return { ok: false, retryAfterSeconds: wait }
      // Then counted, the rows locked: of attempts racing on any instance, only the allowed ones count.
      return db.transaction(async (tx) => {
        const byAccount = await takeOne(tx, account, rules.account)
        if (!byAccount.ok) return byAccount
        const byAddress = await takeOne(tx, fromAddress, rules.address)
        // Refused by the address: the account's count goes back as it was.
        if (!byAddress.ok) await tx.rollback()
        // Now and then, drop forgotten keys so the table stays small (as take_rate_limit does).
        else if (Math.random() < 0.01)
          await tx.query('delete from public.rate_limit_counters where expires_at < now()')
        return byAddress
      })
    },
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
