// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { RouteErrorPage } from './RouteErrorPage.tsx'

function Broken(): never {
  throw new Error('The pricing table failed to load')
}

function renderRoute(route: { Component?: () => never; loader?: () => never }) {
  const router = createMemoryRouter([{ path: '/', ErrorBoundary: RouteErrorPage, ...route }])
  render(<RouterProvider router={router} />)
}

describe('the default error screen', () => {
  afterEach(() => {
    cleanup()
    vi.restoreAllMocks()
  })

  it('shows "Unexpected Application Error" with the message of a thrown error', async () => {
    // React logs caught render errors; the screen is what matters here.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    renderRoute({ Component: Broken })
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error' })).toBeTruthy()
    expect(screen.getByText('The pricing table failed to load')).toBeTruthy()
  })

  it('shows the status and status text of a thrown response', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    renderRoute({
      loader: () => {
        throw new Response(null, { status: 503, statusText: 'Service Unavailable' })
      },
    })
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error' })).toBeTruthy()
    expect(screen.getByText('503 Service Unavailable')).toBeTruthy()
  })
})
