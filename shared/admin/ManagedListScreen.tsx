import type { ReactNode } from 'react'
import { Alert } from '../ui/Alert.tsx'
import type { ListMessage } from './useManagedList.ts'

/**
 * The frame of a screen where an administrator manages a list (people, webhook endpoints): a card with the
 * screen's title, what it is for and the form that adds one; how the last change went; then `children` (the
 * list and what belongs to it). `id` names the title for the section.
 */
export function ManagedListScreen({
  id,
  title,
  intro,
  form,
  message,
  children,
}: {
  id: string
  title: string
  intro: ReactNode
  form: ReactNode
  message: ListMessage | null
  children: ReactNode
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto w-full max-w-5xl space-y-4">
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h1 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
          {title}
        </h1>
        <p className="mt-1 text-sm text-slate-600">{intro}</p>
        {form}
      </div>
      {message && (
        <Alert variant={message.tone === 'error' ? 'destructive' : 'success'}>{message.text}</Alert>
      )}
      {children}
    </section>
  )
}
