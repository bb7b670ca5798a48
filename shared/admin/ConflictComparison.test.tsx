// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConflictComparison } from './ConflictComparison.tsx'

const theirs = {
  title: 'Hiring in Pune',
  slug: 'hiring-in-pune',
  content: '<p>Pune has a deep pool of backend engineers.</p><img src=x onerror="alert(1)">',
  content_markdown: null,
  excerpt: null,
  status: 'published',
  type: 'blog',
  tags: ['hiring', 'pune'],
  author: 'Asha Rao',
  cover_image_url: null,
}
const mine = { ...theirs, title: 'Hiring in Pune, 2027', tags: ['hiring', 'pune', 'backend'] }

describe('the conflict comparison', () => {
  afterEach(cleanup)

  it('names the post, marks changed fields with a badge and offers the three choices', () => {
    const onChoose = vi.fn()
    render(<ConflictComparison mine={mine} theirs={theirs} postTitle="Hiring in Pune" onChoose={onChoose} />)
    const region = screen.getByRole('region', { name: 'Conflict: “Hiring in Pune”' })
    expect(within(region).getByRole('columnheader', { name: 'Your version' })).toBeTruthy()
    expect(within(region).getByRole('columnheader', { name: 'On the server' })).toBeTruthy()
    const changed = within(region)
      .getAllByRole('rowheader')
      .filter((th) => th.textContent?.includes('Changed'))
      .map((th) => th.textContent?.replace('Changed', ''))
    expect(changed).toEqual(['Title', 'Tags'])
    // Content is shown as text: the markup of either version never reaches the page.
    expect(region.querySelector('img[src="x"]')).toBeNull()
    fireEvent.click(within(region).getByRole('button', { name: 'Keep both for “Hiring in Pune”' }))
    expect(onChoose).toHaveBeenCalledWith('both')
    const keepMine = within(region).getByRole('button', { name: /^Keep mine/ })
    const description = document.getElementById(keepMine.getAttribute('aria-describedby') ?? '')
    expect(description?.textContent).toBe('Save your version over the one on the server.')
  })

  it('shows a deleted side in words and offers no copy', () => {
    render(<ConflictComparison mine={mine} theirs={null} postTitle="Hiring in Pune" onChoose={() => {}} />)
    expect(screen.getByText('Deleted on the server')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^Keep both/ })).toBeNull()
    cleanup()
    render(<ConflictComparison mine={null} theirs={theirs} postTitle="Hiring in Pune" onChoose={() => {}} />)
    expect(screen.getByText('You deleted this post')).toBeTruthy()
  })

  it('disables the choices while one is carried out and shows a failure', () => {
    render(
      <ConflictComparison
        mine={mine}
        theirs={theirs}
        postTitle="Hiring in Pune"
        busy
        error="The server could not be reached."
        onChoose={() => {}}
      />,
    )
    for (const button of screen.getAllByRole('button'))
      expect((button as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByRole('alert').textContent).toBe('The server could not be reached.')
  })
})
