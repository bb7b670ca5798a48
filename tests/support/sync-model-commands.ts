import fc from 'fast-check'
import { BlogDataError, PostConflictError } from '../../shared/data/blogs.ts'
import { SlugTakenError } from '../../desktop/main/services/sync-engine.ts'
import { fieldsArbitrary, type Fields } from './sync-model-fields.ts'
import { faults, faultTargets, type Fault, type FaultTarget } from './sync-model-faults.ts'

/**
 * The commands of the model-based sync test (tests/support/sync-model.ts runs them): what each is, how
 * fast-check draws them, and the one refusal each may meet.
 */

export type Command =
  | { kind: 'create'; client: number; slug: number; fields: Fields }
  | { kind: 'edit'; client: number; post: number; rename: number | null; fields: Fields }
  | { kind: 'editDuringSend'; client: number; post: number; fields: Fields }
  | { kind: 'delete'; client: number; post: number }
  | { kind: 'browserCreate'; slug: number; fields: Fields }
  | { kind: 'browserEdit'; post: number; rename: number | null; fields: Fields }
  | { kind: 'browserDelete'; post: number }
  | { kind: 'offline'; client: number }
  | { kind: 'online'; client: number }
  | { kind: 'sync'; client: number }
  | { kind: 'fault'; client: number; fault: Fault; target: FaultTarget; post: number }
  | {
      kind: 'kill'
      client: number
      during: 'edit' | 'delete' | 'sync'
      nth: number
      post: number
      fields: Fields
    }
  | { kind: 'crash'; client: number }
  | { kind: 'resolve'; client: number; choice: 'mine' | 'theirs' | 'both' }
  | { kind: 'discard'; client: number }
  | { kind: 'serverRestart' }

/** Slugs commands choose from (few, so they collide). */
export const slugPool = 5
/** Fault kinds the model reports (fired, not generated). */
export const faultKinds = ['kill', ...faults, 'crash', 'editDuringSend'] as const
export type FiredCounts = Record<(typeof faultKinds)[number], number>

export function commandArbitrary(clients: number, options: { restarts: boolean }): fc.Arbitrary<Command> {
  const client = fc.nat({ max: clients - 1 })
  const post = fc.nat({ max: 20 })
  const slug = fc.nat({ max: slugPool - 1 })
  const rename = fc.option(slug, { freq: 3 })
  const fields = fieldsArbitrary
  return fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('create' as const), client, slug, fields }) },
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('edit' as const), client, post, rename, fields }) },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('editDuringSend' as const), client, post, fields }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), client, post }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('browserCreate' as const), slug, fields }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('browserEdit' as const), post, rename, fields }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('browserDelete' as const), post }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('offline' as const), client }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('online' as const), client }) },
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('sync' as const), client }) },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('fault' as const),
        client,
        fault: fc.constantFrom(...faults),
        target: fc.constantFrom(...faultTargets),
        post,
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('kill' as const),
        client,
        during: fc.constantFrom('edit' as const, 'delete' as const, 'sync' as const),
        // A save or a delete is five writes; a send with its landing and pull, a few dozen.
        nth: fc.oneof(
          { weight: 3, arbitrary: fc.integer({ min: 1, max: 5 }) },
          { weight: 1, arbitrary: fc.integer({ min: 6, max: 40 }) },
        ),
        post,
        fields,
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('crash' as const), client }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('resolve' as const),
        client,
        choice: fc.constantFrom('mine' as const, 'theirs' as const, 'both' as const),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('discard' as const), client }) },
    { weight: options.restarts ? 1 : 0, arbitrary: fc.constant({ kind: 'serverRestart' as const }) },
  )
}

/**
 * A refusal a person sees at once is no acknowledged edit, and each command has its own: a desktop save
 * whose slug another post has here; a browser save whose slug is taken, or that lost a race with a
 * desktop's send; the sign-in whose role check met a fault. Anything else a command throws is a bug.
 */
export function expectedRefusal(command: Command, err: unknown): boolean {
  const slugTaken = err instanceof BlogDataError && err.code === 'slug_taken'
  switch (command.kind) {
    case 'create':
    case 'edit':
    case 'editDuringSend':
      return err instanceof SlugTakenError
    case 'kill':
      return command.during === 'edit' && err instanceof SlugTakenError
    case 'browserCreate':
      return slugTaken
    case 'browserEdit':
      return slugTaken || err instanceof PostConflictError
    case 'browserDelete':
      return err instanceof PostConflictError
    default:
      return false
  }
}
