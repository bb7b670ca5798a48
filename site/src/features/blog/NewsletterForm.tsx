import { Button } from '@shared/ui/Button.tsx'
import { Input } from '@shared/ui/Input.tsx'
import { Spinner } from '@shared/ui/Spinner.tsx'
import { Mail } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent } from 'react'

/**
 * "Stay Updated": subscribes through `POST /api/newsletter`, which stores the address and mails it a link to
 * confirm the subscription (double opt-in).
 */
export function NewsletterForm() {
  // Once per page, inside a part hydrated on its own: a fixed id (useId depends on the whole page's tree).
  const id = 'newsletter'
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  // An address typed into the server's page before this part woke is taken over, not lost.
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => {
    const typed = form.current?.elements.namedItem('email')
    if (typed instanceof HTMLInputElement && typed.value) setEmail(typed.value)
  }, [])

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
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
      setEmail('')
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
        ref={form}
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
          value={email}
          onChange={(e) => setEmail(e.target.value)}
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
