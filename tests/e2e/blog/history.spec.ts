import { expect, test } from '@playwright/test'
import { createPost, updatePost } from '../../../shared/data/blogs.ts'
import { editorClient, signInToAdmin, uniqueToken } from './blog-fixtures.ts'

test('history: who saved each version and when, a diff of any two, and restoring an older one as a new version', async ({
  page,
}) => {
  const token = uniqueToken('hist')
  const client = await editorClient()
  const base = { slug: `history-${token}`, author: 'Asha Rao', status: 'published' as const }
  // Created, then saved twice: versions 1 to 3.
  const [first, ...edits] = [
    {
      title: `Pune opens ${token}`,
      content: '<p>Our centre in Pune opened with twelve engineers.</p><p>Hiring continues.</p>',
      tags: ['pune'],
    },
    {
      title: `Pune grows ${token}`,
      content: '<p>Our centre in Pune opened with forty engineers.</p><p>Hiring continues.</p>',
      tags: ['pune', 'hiring'],
    },
    {
      title: `Pune plans ${token}`,
      content: '<p>Our centre in Pune opened with forty engineers.</p><p>Hiring continues in 2027.</p>',
      tags: ['pune', 'hiring'],
    },
  ]
  const v1 = await createPost(client, { ...base, ...first })
  let latest = v1
  for (const edit of edits) latest = await updatePost(client, { ...base, ...edit }, latest)

  await signInToAdmin(page)
  await page.getByPlaceholder('Search by title, slug, or author...').fill(token)
  await page.getByRole('button', { name: `Edit Pune plans ${token}` }).click()
  await page.getByRole('button', { name: 'History', exact: true }).click()

  const history = page.getByTestId('post-history')
  const versions = history.getByTestId('revision')
  await expect(versions).toHaveCount(3)
  await expect(versions.nth(0)).toContainText('Version 3')
  await expect(versions.nth(0)).toContainText('Current')
  await expect(versions.nth(2)).toContainText('Version 1')
  await expect(versions.nth(2)).toContainText('editor@meridian.example')

  // The two newest are compared first.
  const diff = history.getByTestId('revision-diff')
  await expect(diff.getByRole('heading')).toHaveText('Changes from version 2 to version 3')
  await expect(diff).toContainText(`Pune grows ${token}`)
  await expect(diff.getByTestId('body-diff').locator('ins')).toContainText(['in 2027'])
  await expect(diff).toContainText('Content: 2 words added, 0 words removed')

  // Any two: version 1 against version 3.
  await history.getByRole('checkbox', { name: 'Compare version 2' }).uncheck()
  await history.getByRole('checkbox', { name: 'Compare version 1' }).check()
  await expect(diff.getByRole('heading')).toHaveText('Changes from version 1 to version 3')
  await expect(diff.getByTestId('body-diff').locator('del')).toContainText(['twelve'])
  await expect(diff.getByTestId('body-diff').locator('ins')).toContainText(['forty'])
  await expect(diff).toContainText('Content: 3 words added, 1 word removed')
  await expect(diff).toContainText('Tags')

  await history.getByRole('button', { name: 'Restore version 1' }).click()
  await expect(page.getByTestId('blog-status')).toHaveText(
    '✅ Blog saved successfully! Version 1 is restored.',
  )
  await expect(page.getByLabel('Title')).toHaveValue(`Pune opens ${token}`)
  const { data } = await client.from('blogs').select('title,version,content,tags').eq('id', v1.id).single()
  expect(data).toMatchObject({ title: `Pune opens ${token}`, version: 4, tags: ['pune'] })
  expect(data?.content).toContain('twelve engineers')

  // The restore is itself a version.
  await page.getByRole('button', { name: 'History', exact: true }).click()
  await expect(versions).toHaveCount(4)
  await expect(versions.nth(0)).toContainText('Version 4')
  await expect(versions.nth(0)).toContainText('Current')
  await expect(diff.getByRole('heading')).toHaveText('Changes from version 3 to version 4')
})
