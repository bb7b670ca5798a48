import { describe, expect, it } from 'vitest'
import { loopIndex } from './carousel.ts'

describe('carousel looping', () => {
  it('goes from the last slide to the first', () => expect(loopIndex(3, 3)).toBe(0))
  it('goes from the first slide back to the last', () => expect(loopIndex(-1, 3)).toBe(2))
  it('keeps indexes inside the range unchanged', () => expect(loopIndex(1, 3)).toBe(1))
})
