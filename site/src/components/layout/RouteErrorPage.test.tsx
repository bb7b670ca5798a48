// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemoryRouter } from 'react-router-dom'
import { describeRouteError, RouteErrorBoundary } from './RouteErrorPage.tsx'

function Broken(): never {
  throw new Error('The pricing table failed to load')
}

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('the default error screen', () => {
  it('shows "Unexpected Application Error" with the message of a thrown error', () => {
    // React and the boundary log caught render errors; the screen is what matters here.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <MemoryRouter>
        <RouteErrorBoundary>
          <Broken />
        </RouteErrorBoundary>
      </MemoryRouter>,
    )
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error' })).toBeTruthy()
    expect(screen.getByText('The pricing table failed to load')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/')
  })

  it('describes a thrown response by status and status text', () => {
    expect(describeRouteError(new Response(null, { status: 503, statusText: 'Service Unavailable' }))).toBe(
      '503 Service Unavailable',
    )
    expect(describeRouteError({ status: 404, statusText: 'Not Found' })).toBe('404 Not Found')
    expect(describeRouteError('plain text')).toBe('plain text')
  })

  it('renders the children when nothing fails', () => {
    render(
      <MemoryRouter>
        <RouteErrorBoundary>
          <p>All good</p>
        </RouteErrorBoundary>
      </MemoryRouter>,
    )
    expect(screen.getByText('All good')).toBeTruthy()
  })
})

describe('recovering from an error', () => {
  it('clears the error screen when the path changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const view = render(
      <RouteErrorBoundary resetKey="/broken">
        <Broken />
      </RouteErrorBoundary>,
      { wrapper: MemoryRouter },
    )
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error' })).toBeTruthy()
    view.rerender(
      <RouteErrorBoundary resetKey="/">
        <p>Home again</p>
      </RouteErrorBoundary>,
    )
    expect(screen.getByText('Home again')).toBeTruthy()
  })
})
