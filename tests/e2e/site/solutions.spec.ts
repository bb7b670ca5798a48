import { expect, test } from './fixtures.ts'

const features = ['Employer of Record', 'HR Support', 'Acquisition Path', 'Talent onboarding SLA']

test.describe('solutions at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('the two-model comparison is two cards one after the other, with nothing to swipe', async ({
    page,
  }) => {
    await page.goto('/solutions')
    const cards = page.getByTestId('comparison-cards').getByRole('listitem')
    await expect(cards).toHaveCount(2)
    await expect(cards.nth(0).getByRole('heading')).toHaveText('TALENT BOT Model')
    await expect(cards.nth(1).getByRole('heading')).toHaveText('Shared GCC Model')
    for (const i of [0, 1]) {
      const card = cards.nth(i)
      await card.scrollIntoViewIfNeeded()
      await expect(card).toBeVisible()
      // Every row of the table, in the card: the feature and this model's answer.
      await expect(card.locator('dt')).toHaveText(features)
      await expect(card.locator('dd').last()).toHaveText(i === 0 ? '2 weeks' : '4 weeks')
      const box = (await card.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(375)
    }
    // Stacked, not side by side.
    const [first, second] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!]
    expect(second.y).toBeGreaterThanOrEqual(first.y + first.height)
    // No table to swipe and no sideways scroll anywhere on the page.
    await expect(page.getByRole('table')).toBeHidden()
    await expect(page.getByText(/^Swipe the table/)).toBeHidden()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  })
})

test('solutions at 1280 px: each model has its drawing beside the prose, and the comparison is a table', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/solutions')
  for (const id of ['talent-bot', 'shared-gcc']) {
    const visual = page.locator(`#${id}`).getByTestId('model-visual')
    await expect(visual).toHaveCount(1)
    await expect(visual).toBeVisible()
    // The drawing is described for screen readers.
    await expect(visual.locator('figcaption')).toContainText(
      id === 'talent-bot' ? 'TALENT BOT' : 'Shared GCC',
    )
  }
  await expect(page.getByTestId('comparison-cards')).toBeHidden()
  await expect(page.getByRole('table').getByRole('rowheader')).toHaveText(features)
})
