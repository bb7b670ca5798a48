import { CircleCheck } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent, type Ref } from 'react'
import { useForm, type FieldPath, type Resolver } from 'react-hook-form'
import { Link, useLocation } from 'react-router-dom'
import type { LeadInput } from '@shared/schemas/lead.ts'
import { Alert } from '@shared/ui/Alert.tsx'
import { Spinner } from '@shared/ui/Spinner.tsx'
import { cx } from '@shared/ui/cx.ts'
import { usePageData } from '@site/lib/page-data.tsx'
import {
  emptyLeadValues,
  firstNameOf,
  leadFieldNames,
  leadFormAction,
  submitFallbackMessage,
  type LeadFieldName,
  type LeadFormPageData,
} from '@shared/lib/lead-form.ts'
import { saveLeadLocally } from './lead-storage.ts'
import { storedVisitSource, visitSourceFieldNames } from '@shared/lib/visit-source.ts'

/**
 * zod (the shared schema) and sonner load with the first focus on the form, not with the page; a submit
 * before that waits for them. Without JavaScript the form posts to the server, which checks the same schema.
 */
const loadFormLogic = () => import('./lead-form-logic.ts')

const lazyResolver: Resolver<LeadInput> = async (values, context, options) =>
  (await loadFormLogic()).leadResolver(values, context, options)

/** Spec §9: the page goes to / this long after a submission. */
export const redirectAfterSubmitMs = 3000

interface FieldSpec {
  name: FieldPath<LeadInput> & LeadFieldName
  label: string
  placeholder: string
  type?: string
  autoComplete?: string
  multiline?: boolean
}

/** Spec §2: how each of the five fields is shown (the compiler asks for one per field of `leadFieldNames`). */
const fieldLooks: Record<LeadFieldName, Omit<FieldSpec, 'name'>> = {
  name: { label: 'Full Name', placeholder: 'Jane Cooper', autoComplete: 'name' },
  email: { label: 'Email', placeholder: 'jane@company.com', type: 'email', autoComplete: 'email' },
  phone: {
    label: 'Phone Number',
    placeholder: '+1 555 123 4567 (with country code)',
    type: 'tel',
    autoComplete: 'tel',
  },
  requirement: {
    label: 'Team Requirements',
    placeholder: 'Tell us about the team you want to build: roles, seniority, team size and timeline',
    multiline: true,
  },
  techStack: { label: 'Technology Stack', placeholder: 'e.g. React, Node.js, Python, AWS' },
}

/** The fields in the order of `leadFieldNames`. */
const fields: FieldSpec[] = leadFieldNames.map((name) => ({ name, ...fieldLooks[name] }))

const fieldClasses =
  'block w-full rounded-lg border border-ink-300 bg-white px-3.5 py-2.5 text-sm text-ink-900 shadow-sm placeholder:text-ink-400 ' +
  'transition focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 focus:outline-none ' +
  'aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:ring-red-500/15'

/**
 * What the server rendered this page with after a post without JavaScript (server/web/lead-form.ts), on
 * the page the browser loaded only: after a client-side navigation the form starts empty.
 */
function useServedLeadForm(): LeadFormPageData | undefined {
  const { key } = useLocation()
  const { leadForm } = usePageData()
  return key === 'default' ? leadForm : undefined
}

/** The lead form of /get-started: spec §2 texts, §4 submission flow, §5 validation. */
export function LeadForm() {
  // One form per page, hydrated on its own (site/src/islands/lead-form.tsx): a fixed id, not useId (whose
  // value depends on the whole page's tree, which the form's own root does not have).
  const id = 'lead-form'
  const served = useServedLeadForm()
  const invalid = served?.status === 'invalid' ? served : null
  /** The values the page was rendered with (the visitor's, after a post the server refused). */
  const [initialValues] = useState(() => invalid?.values ?? emptyLeadValues)
  /** Field messages from the server, shown until the form is checked in the browser. */
  const [serverErrors, setServerErrors] = useState(() => invalid?.errors ?? {})
  const [submitError, setSubmitError] = useState<string | null>(invalid?.message ?? null)
  const honeypot = useRef<HTMLInputElement>(null)
  /** The key of the last attempted values: a retry of the same values reuses it (stored once). */
  const lastAttempt = useRef<{ values: string; key: string } | null>(null)
  /** After a submission: who it was from and whether both emails went out (the card shows it until the redirect). */
  const [done, setDone] = useState<{ firstName: string; emailed: boolean } | null>(() =>
    served?.status === 'submitted' ? { firstName: served.firstName, emailed: served.emailed } : null,
  )
  const doneHeading = useRef<HTMLHeadingElement>(null)
  const alertBox = useRef<HTMLDivElement>(null)
  /** Each failed submit: its alert, above the form, is brought into view (on a phone the visitor is at the button). */
  const [failures, setFailures] = useState(0)
  const showAlert = () => setFailures((n) => n + 1)
  useEffect(() => {
    // Centred: clear of the toasts, which sit under the header (wide screens) or at the bottom (phones).
    if (failures > 0) alertBox.current?.scrollIntoView({ block: 'center' })
  }, [failures])
  // The form wakes on its first focus, touch or key (site/src/islands/lead-form.tsx): its checks come now.
  useEffect(() => void loadFormLogic().catch(() => undefined), [])
  // No defaultValues: the fields start from what the page's HTML holds (empty, or the visitor's values after
  // a refused post, or whatever was typed before the page came to life), which register() reads.
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<LeadInput>({ resolver: lazyResolver })

  useEffect(() => {
    if (!done) return
    // Centred, so the toast under the header never hides the start of the confirmation.
    doneHeading.current?.focus({ preventScroll: true })
    doneHeading.current?.scrollIntoView({ block: 'center' })
    // Spec §4 step 5: the page goes to / after 3 seconds.
    const timer = setTimeout(() => window.location.assign('/'), redirectAfterSubmitMs)
    return () => clearTimeout(timer)
  }, [done])

  const onSubmit = async (lead: LeadInput) => {
    setSubmitError(null)
    let toast: Awaited<ReturnType<typeof loadFormLogic>>['toast'] | null = null
    try {
      saveLeadLocally(lead, window.localStorage)
      const logic = await loadFormLogic()
      toast = logic.toast
      const values = JSON.stringify(lead)
      if (lastAttempt.current?.values !== values)
        lastAttempt.current = { values, key: logic.newIdempotencyKey() }
      const result = await logic.submitLead(lead, lastAttempt.current.key, {
        honeypot: honeypot.current?.value,
        source: storedVisitSource(),
      })
      const emailed = result.confirmationSent && result.notificationSent
      // The request is in: clear the form and say so plainly until the redirect.
      reset()
      setDone({ firstName: firstNameOf(lead.name), emailed })
      if (emailed) {
        toast.success('Form submitted successfully!', {
          description: "We'll get back to you soon.",
          // "Thanks" takes the visitor home now, where the page is going in 3 s anyway.
          action: { label: 'Thanks', onClick: () => window.location.assign('/') },
        })
      } else {
        // The server keeps the lead and its outbox retries the emails; the visitor need not wait.
        console.warn('Lead stored; emails pending', result)
        toast.info('Your information was saved', { description: "We'll process your request shortly." })
      }
    } catch (err) {
      console.error('Lead submission failed', err)
      setSubmitError(err instanceof Error && err.message ? err.message : submitFallbackMessage)
      showAlert()
      toast?.error('Something went wrong!')
    }
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // From here the browser checks the form; the server's messages (a post without JavaScript) give way.
    setServerErrors({})
    handleSubmit(onSubmit)(event).catch((err: unknown) => {
      // The form's code could not load (a lost connection): the same error path as a failed request.
      console.error('Lead submission failed', err)
      setSubmitError(submitFallbackMessage)
      showAlert()
    })
  }

  /** The first field the server refused gets the focus when the page loads. */
  const firstRefused = Object.keys(serverErrors)[0]

  return (
    <div className="space-y-6">
      {submitError && (
        <div ref={alertBox} className="scroll-mt-24">
          <Alert variant="destructive" title="Submission failed" className="rounded-xl">
            {submitError}
          </Alert>
        </div>
      )}
      <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-white shadow-sm ring-1 ring-ink-200">
        <div className="border-b border-ink-100 px-6 pt-6 pb-4 sm:px-8">
          <h2 id={`${id}-title`} className="text-xl font-semibold text-ink-900">
            Request Information
          </h2>
          <p className="mt-1 text-sm text-ink-500">
            Fill out this form and we'll get back to you within 24 hours
          </p>
        </div>
        {done ? (
          <SubmittedNotice {...done} headingRef={doneHeading} />
        ) : (
          <form
            method="post"
            action={leadFormAction}
            onSubmit={submit}
            noValidate
            className="space-y-5 px-6 py-6 sm:px-8"
          >
            {fields.map((field) => {
              const error = errors[field.name]?.message ?? serverErrors[field.name]
              const inputId = `${id}-${field.name}`
              const errorId = `${inputId}-error`
              const common = {
                id: inputId,
                placeholder: field.placeholder,
                'aria-invalid': error ? true : false,
                'aria-describedby': error ? errorId : undefined,
                className: cx(fieldClasses, field.multiline && 'min-h-32 resize-y'),
                defaultValue: initialValues[field.name],
                autoFocus: firstRefused === field.name,
                ...register(field.name),
              }
              return (
                <div key={field.name} className="space-y-1.5">
                  <label htmlFor={inputId} className="block text-sm font-medium text-ink-800">
                    {field.label}
                  </label>
                  {field.multiline ? (
                    <textarea rows={5} {...common} />
                  ) : (
                    <input type={field.type ?? 'text'} autoComplete={field.autoComplete} {...common} />
                  )}
                  {error && (
                    <p id={errorId} className="text-sm text-red-600">
                      {error}
                    </p>
                  )}
                </div>
              )
            })}

            {/* Honeypot: off-screen and skipped by keyboard and screen readers; only bots fill it in. */}
            <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
              <label htmlFor={`${id}-company-website`}>Company website</label>
              <input
                ref={honeypot}
                id={`${id}-company-website`}
                name="company_website"
                type="text"
                tabIndex={-1}
                autoComplete="off"
                defaultValue=""
              />
            </div>

            <VisitSourceFields />

            <button
              type="submit"
              disabled={isSubmitting}
              className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-3 text-base font-semibold text-white shadow-sm shadow-brand-600/20 transition-colors hover:bg-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-70"
            >
              {isSubmitting && <Spinner className="size-5" />}
              {isSubmitting ? 'Processing...' : 'Submit Request'}
            </button>
            <p className="text-center text-xs text-ink-500">
              Your information is secure and will only be used to contact you about your requirements.
            </p>
          </form>
        )}
      </section>
    </div>
  )
}

/** The card's confirmation after a submission, with the 3 s countdown to the home page. */
function SubmittedNotice({
  firstName,
  emailed,
  headingRef,
}: {
  firstName: string
  emailed: boolean
  headingRef: Ref<HTMLHeadingElement>
}) {
  return (
    <div role="status" className="px-6 py-10 text-center sm:px-10" data-testid="lead-submitted">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-600 ring-8 ring-emerald-50/60">
        <CircleCheck aria-hidden="true" className="size-7" />
      </span>
      <h3 ref={headingRef} tabIndex={-1} className="mt-6 text-2xl font-semibold text-ink-900 outline-none">
        Thank you{firstName ? `, ${firstName}` : ''}. Your request is in.
      </h3>
      <p className="mx-auto mt-3 max-w-md text-ink-600">
        {emailed
          ? "We've emailed you a confirmation and will get back to you within 24 hours."
          : "It is safely stored; we'll process it and get back to you within 24 hours."}
      </p>
      <div className="mx-auto mt-8 max-w-sm">
        <div className="h-1 overflow-hidden rounded-full bg-ink-100">
          <div className="h-full origin-left animate-countdown rounded-full bg-brand-600" />
        </div>
        <p className="mt-3 text-sm text-ink-500">
          Taking you to the home page in 3 seconds.{' '}
          <Link
            to="/"
            reloadDocument
            className="font-semibold whitespace-nowrap text-brand-700 hover:text-brand-600"
          >
            Go now
          </Link>
        </p>
      </div>
    </div>
  )
}

/**
 * Where the visit came from, as hidden fields: filled from the tab's sessionStorage once the page runs, so
 * a form posted before the app took over carries them too (without JavaScript at all the server looks up
 * the visitor's counted visit instead).
 */
function VisitSourceFields() {
  const fields = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const source = storedVisitSource()
    for (const input of fields.current?.querySelectorAll('input') ?? [])
      input.value = source[input.name as keyof typeof source] ?? ''
  }, [])
  return (
    <div ref={fields} hidden>
      {visitSourceFieldNames.map((name) => (
        <input key={name} type="hidden" name={name} defaultValue="" />
      ))}
    </div>
  )
}
