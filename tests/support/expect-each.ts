import { expect } from 'vitest'

/**
 * Expects `answer(input)` to be the value the table gives for each input. The answers are compared as one
 * table, so a failure shows every input that answered wrong, each beside what it should have answered.
 */
export function expectEach<T>(answer: (input: string) => T, table: Record<string, T>): void {
  const answers = Object.fromEntries(Object.keys(table).map((input) => [input, answer(input)]))
  expect(answers).toStrictEqual(table)
}
