import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commandArbitrary, createModelWorld, type ModelWorld } from '../support/sync-model.ts'

/**
 * A seeded slice of the model-based sync test (tests/support/sync-model.ts has the model and the
 * invariant): two desktops and a browser editor, random edits, renames, deletes, offline periods, lost
 * replies, crashes and server restarts. `npm run test:sync-model` runs 500 cases and reports them.
 * Set SYNC_MODEL_SEED to replay a failure.
 */
const seed = Number(process.env.SYNC_MODEL_SEED ?? 20261123)

describe('editing from several places at once (model-based)', { timeout: 600_000 }, () => {
  let world: ModelWorld
  beforeAll(async () => {
    world = await createModelWorld(2)
  }, 180_000)
  afterAll(async () => {
    await world?.close()
  })

  it('never loses an acknowledged edit, and every desktop ends with the server state', async () => {
    let cases = 0
    await fc.assert(
      fc.asyncProperty(
        fc.array(commandArbitrary(2, { restarts: true }), { minLength: 8, maxLength: 30 }),
        async (commands) => {
          await world.runCase(commands)
          cases++
        },
      ),
      { seed, numRuns: 8, endOnFailure: true },
    )
    expect(cases).toBe(8)
  })
})
