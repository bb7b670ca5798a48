import { Button } from '@shared/ui/Button.tsx'
import { Input } from '@shared/ui/Input.tsx'
import { Spinner } from '@shared/ui/Spinner.tsx'
import { Mail } from 'lucide-react'
import { useState, type FormEvent } from 'react'

/**
 * "Stay Updated": subscribes through `POST /api/newsletter`, which stores the address and mails it a link to
 * confirm the subscription (double opt-in).
 */
export function NewsletterForm() {
  // Once per page, inside a part hydrated on its own: a fixed id (useId depends on the whole page's tree).
  const id = 'newsletter'
  const [busy, setBusy] = useState(false)

  // The field keeps its own value (it is not controlled), so what a reader typed into the server's page
  // before this part woke stays in it, and the address sent is the one the reader sees.
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const form = event.currentTarget
    const email = String(new FormData(form).get('email') ?? '')
    setBusy(true)
    // The toast library loads with the first subscription, not with the page (public pages stay lean).
    const toasts = import('sonner')
    try {
      const res = await fetch('/api/newsletter', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      })
      const body = (await res.json().catch(() => ({}))) as { message?: string }
      if (!res.ok) throw new Error(body.message ?? `Subscription failed (status ${res.status})`)
      // Double opt-in: nothing counts until the link in the email is clicked.
      const { toast } = await toasts
      toast.success('Check your inbox', {
        description: body.message ?? 'Click the link in our email to confirm your subscription.',
        duration: 5000,
      })
      form.reset()
    } catch (err) {
      console.error('Newsletter subscription failed', err)
      const { toast } = await toasts
      toast.error('Subscription failed', {
        description: err instanceof Error ? err.message : 'Please try again later.',
        duration: 5000,
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl bg-brand-600 px-6 py-12 text-center text-white sm:px-12"
    >
      <Mail aria-hidden="true" className="mx-auto size-8 text-brand-200" />
      <h2 id={`${id}-title`} className="mt-3 text-2xl font-bold">
        Stay Updated
      </h2>
      <p className="mx-auto mt-2 max-w-xl text-brand-100">
        Get our latest insights on building and scaling tech teams in India.
      </p>
      {/* Before the page is interactive the browser posts the form itself: never a GET with the address in the URL. */}
      <form
        method="post"
        action="/api/newsletter"
        onSubmit={submit}
        className="mx-auto mt-6 flex max-w-md flex-col gap-3 sm:flex-row"
      >
        <Input
          aria-label="Email address"
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="Enter your email"
          className="bg-white"
        />
        <Button type="submit" variant="secondary" disabled={busy} className="shrink-0">
          {busy && <Spinner />}
          Subscribe
        </Button>
      </form>
    </section>
  )
}
