/** English plural rules: which form a count takes ("one" or "other"), as the platform knows them. */
const rules = new Intl.PluralRules('en-US')

/** The form of a word (or phrase) that goes with `n`: "recipient" for 1, "recipients" for 0 or 2. */
export function formFor(n: number, singular: string, plural = `${singular}s`): string {
  return rules.select(n) === 'one' ? singular : plural
}

/**
 * A count with its noun in the right form, the number grouped as everywhere in the admin: "1 recipient",
 * "2,000 recipients". `plural` defaults to the noun with an "s".
 */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n.toLocaleString('en-US')} ${formFor(n, singular, plural)}`
}
