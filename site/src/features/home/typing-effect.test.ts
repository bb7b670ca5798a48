import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  headlineWords,
  initialTypingState,
  nextTypingStep,
  runTypingEffect,
  visibleText,
  type TypingState,
} from './typing-effect.ts'

/** Runs the effect on fake timers as the hook does, recording what is shown when. */
function runFor(ms: number) {
  const frames: { at: number; text: string }[] = []
  let state: TypingState = initialTypingState
  runTypingEffect((next) => {
    state = next
    frames.push({ at: Date.now(), text: visibleText(state) })
  })
  vi.advanceTimersByTime(ms)
  return { frames, text: () => visibleText(state) }
}

describe('typing headline timing', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(0)
  })
  afterEach(() => vi.useRealTimers())

  it('starts on the complete first word so server and browser render the same frame', () => {
    expect(visibleText(initialTypingState)).toBe('Smarter')
  })

  it('pauses 1500 ms on the full word before deleting', () => {
    const run = runFor(1499)
    expect(run.text()).toBe('Smarter')
    vi.advanceTimersByTime(1)
    // The pause ends; the first character goes 60 ms later.
    expect(run.text()).toBe('Smarter')
    vi.advanceTimersByTime(60)
    expect(run.text()).toBe('Smarte')
  })

  it('deletes one character every 60 ms', () => {
    const run = runFor(1500 + 60 * 3)
    expect(run.text()).toBe('Smar')
    vi.advanceTimersByTime(60 * 3)
    expect(run.text()).toBe('S')
    vi.advanceTimersByTime(60)
    expect(run.text()).toBe('')
  })

  it('types the next word at 100 ms per character', () => {
    // 1500 pause + 7 deletions + 1 empty step at 60 ms each, then Agile types.
    const emptyAt = 1500 + 60 * 7
    const run = runFor(emptyAt + 60)
    expect(run.text()).toBe('')
    vi.advanceTimersByTime(99)
    expect(run.text()).toBe('')
    vi.advanceTimersByTime(1)
    expect(run.text()).toBe('A')
    vi.advanceTimersByTime(100 * 4)
    expect(run.text()).toBe('Agile')
  })

  it('cycles Smarter, Agile, Faster and back to Smarter', () => {
    const run = runFor(20_000)
    const fullWords = run.frames
      .map((f) => f.text)
      .filter((t) => (headlineWords as readonly string[]).includes(t))
    const order = fullWords.filter((w, i) => w !== fullWords[i - 1])
    expect(order.slice(0, 4)).toEqual(['Smarter', 'Agile', 'Faster', 'Smarter'])
  })

  it('reaches every word once per cycle with the spec timings', () => {
    // One word's cycle: pause 1500, delete n+1 steps at 60, type m steps at 100.
    const { next, delay } = nextTypingStep({ wordIndex: 2, length: 0, phase: 'deleting' })
    expect(next).toEqual({ wordIndex: 0, length: 0, phase: 'typing' })
    expect(delay).toBe(60)
    expect(nextTypingStep({ wordIndex: 0, length: 6, phase: 'typing' })).toEqual({
      next: { wordIndex: 0, length: 7, phase: 'full' },
      delay: 100,
    })
  })
})
