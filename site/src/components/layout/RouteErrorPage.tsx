import { isRouteErrorResponse, useRouteError } from 'react-router-dom'
import { ButtonLink } from '../ui/ButtonLink.tsx'

/** Describes whatever a route threw: status and status text for responses, else the message. */
export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim()
  if (error instanceof Error) return error.message
  return typeof error === 'string' ? error : 'Unknown error'
}

/** The default error screen (spec §8). Rendered without the shell, since the shell itself may have failed. */
export function RouteErrorPage() {
  const error = useRouteError()
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center px-6 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Unexpected Application Error</h1>
      <p className="mt-4 font-mono text-sm break-words text-red-700">{describeRouteError(error)}</p>
      <ButtonLink to="/" className="mt-8" variant="secondary">
        Return to Home
      </ButtonLink>
    </main>
  )
}
