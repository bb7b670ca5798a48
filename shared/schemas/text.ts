import { z } from 'zod'

/**
 * What every text a person sends us must be: Unicode without control characters (tab and line breaks
 * excepted) and without lone surrogates. Postgres refuses NUL in text and lone surrogates in JSON, so such a
 * value used to fail only when it was stored; here it is refused up front with a message for its field.
 */

// C0 controls except TAB, LF and CR; DEL; C1 controls.
// eslint-disable-next-line no-control-regex
const controlCharacter = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const textMessages = {
  control: 'Remove the control characters (such as NUL) from this field.',
  surrogate: 'This field contains a broken character. Please type it again.',
} as const

/** Why a text cannot be accepted, in words for its field, or null when it is fine. */
export function textProblem(value: string): string | null {
  if (controlCharacter.test(value)) return textMessages.control
  if (loneSurrogate.test(value)) return textMessages.surrogate
  return null
}

/** The stored form of a text: NFC, so "é" typed two ways is one value (search, uniqueness, length caps). */
export function normaliseText(value: string): string {
  return value.normalize('NFC')
}

/**
 * A string a person typed: refused with a field message when it carries forbidden characters, else NFC.
 * `missing` is the message for a field that is absent or not text at all.
 */
export function typedText(missing?: string) {
  return z
    .string(missing ? { error: missing } : undefined)
    .superRefine((value, ctx) => {
      const problem = textProblem(value)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    })
    .overwrite(normaliseText)
}

export interface TextIssue {
  /** Path of the offending string in the input (`['name']`, `['tags', 2]`). */
  path: (string | number)[]
  message: string
}

/**
 * Normalises every string of a parsed request body (NFC) and lists the strings that cannot be accepted,
 * keys included. Runs on any JSON value, before the endpoint's schema sees it.
 */
export function normaliseInput(value: unknown): { value: unknown; issues: TextIssue[] } {
  const issues: TextIssue[] = []
  const walk = (node: unknown, path: (string | number)[]): unknown => {
    if (typeof node === 'string') {
      const problem = textProblem(node)
      if (problem) {
        issues.push({ path, message: problem })
        return node
      }
      return normaliseText(node)
    }
    if (Array.isArray(node)) return node.map((item, i) => walk(item, [...path, i]))
    if (node !== null && typeof node === 'object') {
      const out: Record<string, unknown> = {}
      for (const [key, item] of Object.entries(node)) {
        const problem = textProblem(key)
        if (problem) {
          issues.push({ path: [...path, key], message: problem })
          continue
        }
        out[normaliseText(key)] = walk(item, [...path, key])
      }
      return out
    }
    return node
  }
  return { value: walk(value, []), issues }
}
