import { marketingRoutes } from '../../support/routes.ts'
import { titleCaseProblems } from '../../support/title-case.ts'
import { expect, test } from './fixtures.ts'

/**
 * Headings whose exact words the spec states in sentence case, kept word for word: the not-found page, the
 * empty resources list, and the home headline (spec §1: "the Smarter / Agile / Faster way to build and own a
 * tech capacity centre in India").
 */
const specSentenceCase = [
  /^Oops! Page not found$/,
  /^No resources found$/,
  /^The (Smarter|Agile|Faster) ?way to build/,
]

const routes = [...marketingRoutes, '/privacy', '/nowhere']

test('the rule itself: the spec headings pass, sentence case does not', () => {
  for (const heading of [
    "Let's Build Your Tech Team",
    'Choose the Right Model for Your Business',
    'TALENT BOT Model',
    'Resources & Insights',
    'Multi-channel Outreach',
    'How It Works',
  ])
    expect(titleCaseProblems(heading), heading).toEqual([])
  expect(titleCaseProblems('What building with us feels like')).toEqual(['building', 'us', 'feels', 'like'])
  expect(titleCaseProblems('Build Your Team With Us')).toEqual(['With'])
})

test('every heading of the public pages follows one casing rule (Title Case)', async ({ page }) => {
  const problems: string[] = []
  for (const route of routes) {
    await page.goto(route)
    // Post titles on cards are the editors' words, not the site's.
    const headings = await page.locator('h1, h2, h3, h4').evaluateAll((els) =>
      els
        .filter((el) => !el.closest('article') && !el.closest('.post-content'))
        .map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim())
        .filter(Boolean),
    )
    for (const heading of headings) {
      if (specSentenceCase.some((words) => words.test(heading))) continue
      const words = titleCaseProblems(heading.replace(/^Step \d+: /, ''))
      if (words.length) problems.push(`${route}: "${heading}" (${words.join(', ')})`)
    }
  }
  expect(problems).toEqual([])
})
