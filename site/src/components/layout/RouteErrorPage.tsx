import { Component, type ErrorInfo, type ReactNode } from 'react'
import { ButtonLink } from '../ui/ButtonLink.tsx'

/** Describes what a page threw: status and status text for responses, else the message. */
export function describeRouteError(error: unknown): string {
  if (
    error instanceof Response ||
    (typeof error === 'object' && error !== null && 'status' in error && 'statusText' in error)
  ) {
    const { status, statusText } = error as { status: number; statusText: string }
    return `${status} ${statusText}`.trim()
  }
  if (error instanceof Error) return error.message
  return typeof error === 'string' ? error : 'Unknown error'
}

/** The default error screen (spec §8). Rendered without the shell, since the shell itself may have failed. */
export function RouteErrorPage({ error }: { error: unknown }) {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center px-6 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-ink-900">Unexpected Application Error</h1>
      <p className="mt-4 font-mono text-sm break-words text-red-700">{describeRouteError(error)}</p>
      <ButtonLink to="/" className="mt-8" variant="secondary">
        Return to Home
      </ButtonLink>
    </main>
  )
}

/** Catches anything a route throws while rendering and shows the error screen instead of a blank page. */
export class RouteErrorBoundary extends Component<
  { children: ReactNode; resetKey?: string },
  { error: unknown; failed: boolean }
> {
  state = { error: undefined as unknown, failed: false }

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true }
  }

  // Going to another path clears the error, like react-router's errorElement. (A `key` would do the same
  // but remount the whole shell on every navigation.)
  componentDidUpdate(previous: { resetKey?: string }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey)
      this.setState({ error: undefined, failed: false })
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Route error', error, info.componentStack)
  }

  render() {
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children
  }
}
