import { brand } from '../../shared/config/brand.ts'
import { escapeHtml, unescapeHtml } from '../../shared/lib/html-escape.ts'
import { leadFieldNames, type LeadFieldName } from '../../shared/lib/lead-form.ts'
import type { LeadInput } from '../../shared/schemas/lead.ts'

/** A rendered message without its recipient headers (the caller decides To and Reply-To). */
export interface RenderedMail {
  subject: string
  html: string
  text: string
}

/**
 * Makes a value safe for a mail header: CR, LF and other control characters are what header
 * injection needs (`name\r\nBcc: victim@example.com`), so they become single spaces.
 */
export function headerSafe(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim()
}

/** Longest greeting name a confirmation carries: a name, not a message. */
export const greetingNameMaxLength = 40

/**
 * The name a visitor confirmation greets: the first word of what they typed, at most 40 characters, and
 * "there" when that word looks like a link, an address or a domain (a confirmation never carries a link or
 * free text from the visitor: it must not be usable to send strangers a message).
 */
export function greetingName(name: string): string {
  const first = headerSafe(name).split(' ')[0] ?? ''
  const looksLikeALink = /[:/@\\<>]|www|\.[a-z]{2,}/i.test(first)
  if (first === '' || looksLikeALink) return 'there'
  return Array.from(first).slice(0, greetingNameMaxLength).join('')
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f1f5f9;font-family:Inter,Segoe UI,Helvetica,Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:linear-gradient(90deg,#4f46e5,#7c3aed);padding:20px 28px;color:#ffffff;font-size:20px;font-weight:700">${escapeHtml(brand.name)}</td></tr>
<tr><td style="padding:28px;font-size:15px;line-height:1.6">${body}</td></tr>
<tr><td style="padding:16px 28px;background:#f8fafc;color:#64748b;font-size:12px">${escapeHtml(brand.name)} · ${escapeHtml(brand.tagline)}</td></tr>
</table></td></tr></table>
</body>
</html>`
}

/** The intro-call link: a mail to sales with the subject filled in works in every mail client. */
export function introCallLink(): string {
  return `mailto:${brand.salesEmail}?subject=${encodeURIComponent('Intro call')}`
}

/** The subject of every visitor confirmation: fixed, nothing the visitor typed. */
export const leadConfirmationSubject = "Thanks for your request: let's build your tech team in India"

/**
 * The visitor's confirmation (spec §7): a greeting by name (`greetingName`), the value proposition and a link
 * to book an intro call. It echoes nothing else the visitor typed: no requirement, no stack, no links.
 */
export function renderLeadConfirmation(lead: Pick<LeadInput, 'name'>, publicUrl: string): RenderedMail {
  const name = greetingName(lead.name)
  const subject = leadConfirmationSubject
  const points = [
    ['Hire in 2 weeks', 'not 2 months: AI-assisted sourcing and first-round screening by domain experts.'],
    ['Top 1% talent', 'from a database of over 10 million candidate profiles.'],
    ['Seamless integration', 'with your team, culture and tools, backed by a dedicated HR business partner.'],
    [
      'A path to ownership',
      'take over the entity, devices and assets when you are ready to run your own centre.',
    ],
  ]
  const call = introCallLink()
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">Hi ${escapeHtml(name)},</p>
<p style="margin:0 0 16px">Thank you for telling us about your team. We have your request and will get back to you within 24 hours.</p>
<p style="margin:0 0 8px">Here is what building your tech capacity centre with ${escapeHtml(brand.name)} looks like:</p>
<ul style="margin:0 0 20px;padding-left:20px">
${points.map(([title, text]) => `<li style="margin:0 0 6px"><strong>${escapeHtml(title)}</strong> ${escapeHtml(text)}</li>`).join('\n')}
</ul>
<p style="margin:0 0 24px"><a href="${escapeHtml(call)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:10px;font-weight:600">Book an intro call</a></p>
<p style="margin:0">The ${escapeHtml(brand.name)} team<br><a href="${escapeHtml(publicUrl)}" style="color:#4f46e5">${escapeHtml(publicUrl.replace(/^https?:\/\//, ''))}</a></p>`,
  )
  const text = [
    `Hi ${name},`,
    '',
    'Thank you for telling us about your team. We have your request and will get back to you within 24 hours.',
    '',
    `Here is what building your tech capacity centre with ${brand.name} looks like:`,
    ...points.map(([title, t]) => `- ${title} ${t}`),
    '',
    `Book an intro call: ${call}`,
    '',
    `The ${brand.name} team`,
    publicUrl,
  ].join('\n')
  return { subject, html, text }
}

/** Every newsletter mail ends with this: why the reader gets it and a one-click way out. */
function newsletterFooter(unsubscribeUrl: string): { html: string; text: string } {
  return {
    html: `<p style="margin:24px 0 0;color:#64748b;font-size:13px">You get this because this address was entered in the "Stay Updated" form on our site. <a href="${escapeHtml(unsubscribeUrl)}" style="color:#64748b">Unsubscribe</a></p>`,
    text: `You get this because this address was entered in the "Stay Updated" form on our site. Unsubscribe: ${unsubscribeUrl}`,
  }
}

/**
 * The double opt-in mail: a link to confirm the subscription. Nothing in it comes from the visitor (the
 * address is only its recipient); until the link is clicked the address receives nothing else.
 */
export function renderNewsletterConfirmation(links: {
  confirmUrl: string
  unsubscribeUrl: string
}): RenderedMail {
  const subject = `Confirm your subscription to ${brand.name} insights`
  const footer = newsletterFooter(links.unsubscribeUrl)
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">Please confirm that you want our latest insights on building, running and owning a tech team in India.</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(links.confirmUrl)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:10px;font-weight:600">Confirm my subscription</a></p>
<p style="margin:0">If you did not ask for this, ignore this email: without a confirmation you will not hear from us again.</p>
${footer.html}`,
  )
  const text = [
    'Please confirm that you want our latest insights on building, running and owning a tech team in India.',
    '',
    `Confirm my subscription: ${links.confirmUrl}`,
    '',
    'If you did not ask for this, ignore this email: without a confirmation you will not hear from us again.',
    '',
    footer.text,
  ].join('\n')
  return { subject, html, text }
}

/** A newsletter issue for a confirmed reader: the body (trusted HTML from editors) plus the footer. */
export function renderNewsletterIssue(
  issue: { subject: string; html: string; text: string },
  unsubscribeUrl: string,
): RenderedMail {
  const footer = newsletterFooter(unsubscribeUrl)
  return {
    subject: headerSafe(issue.subject),
    html: layout(issue.subject, `${issue.html}\n${footer.html}`),
    text: `${issue.text}\n\n${footer.text}`,
  }
}

/** What sales mail calls each field of a lead, in the form's order (`leadFieldNames`). */
const leadMailLabels: Record<LeadFieldName, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  requirement: 'Requirement',
  techStack: 'Tech stack',
}

/** The sales notification (spec §7): every field of the lead. */
export function renderLeadNotification(lead: LeadInput & { id?: string }): RenderedMail {
  const subject = headerSafe(`New lead: ${lead.name} (${lead.techStack})`)
  const rows: [string, string][] = leadFieldNames.map((field) => [leadMailLabels[field], lead[field]])
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">A new lead came in through the ${escapeHtml(brand.name)} site. Reply to this email to answer them directly.</p>
<table role="presentation" cellpadding="8" cellspacing="0" style="border-collapse:collapse;width:100%">
${rows
  .map(
    ([label, value]) =>
      `<tr><th align="left" style="width:140px;border-bottom:1px solid #e2e8f0;color:#475569;vertical-align:top">${escapeHtml(label)}</th><td style="border-bottom:1px solid #e2e8f0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
  )
  .join('\n')}
</table>${lead.id ? `\n<p style="margin:16px 0 0;color:#64748b;font-size:12px">Lead ${escapeHtml(lead.id)}</p>` : ''}`,
  )
  const text = [
    `A new lead came in through the ${brand.name} site.`,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(lead.id ? ['', `Lead ${lead.id}`] : []),
  ].join('\n')
  return { subject, html, text }
}

/** One lead in a digest: what sales needs to pick it up. */
export type DigestLead = LeadInput & { createdAt: string }

/** How much of a requirement a digest row repeats (the whole lead is in Leads). */
const digestRequirementLength = 200

/**
 * The digest to sales of leads whose notifications the hourly cap held back: every lead's name, email,
 * phone, requirement (its start) and tech stack, and a link to Leads in the admin, where each is in full.
 */
export function renderSalesDigest(input: {
  leads: DigestLead[]
  hourlyCap: number
  leadsUrl: string
}): RenderedMail {
  const count = input.leads.length
  const subject = `Lead digest: ${count} new ${count === 1 ? 'lead' : 'leads'}`
  const intro = `The hourly cap on sales notifications (${input.hourlyCap} an hour) held back the notifications of ${count === 1 ? 'this lead' : `these ${count} leads`}. Every lead is stored; open Leads in the admin to work them.`
  const short = (text: string) =>
    text.length > digestRequirementLength ? `${text.slice(0, digestRequirementLength)}…` : text
  const rows = input.leads.map((lead) => [
    ...leadFieldNames.map((field) => [
      leadMailLabels[field],
      field === 'requirement' ? short(lead[field]) : lead[field],
    ]),
    ['Received', lead.createdAt],
  ])
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(input.leadsUrl)}" style="color:#4f46e5;font-weight:600">Open Leads</a></p>
${rows
  .map(
    (fields) =>
      `<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse;width:100%;margin:0 0 16px;border-top:2px solid #e2e8f0">
${fields.map(([label, value]) => `<tr><th align="left" style="width:120px;color:#475569;vertical-align:top">${escapeHtml(label)}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`).join('\n')}
</table>`,
  )
  .join('\n')}`,
  )
  const text = [
    intro,
    '',
    `Open Leads: ${input.leadsUrl}`,
    ...rows.flatMap((fields) => ['', ...fields.map(([label, value]) => `${label}: ${value}`)]),
  ].join('\n')
  return { subject, html, text }
}

/** A staff test/message email from the email service (`POST /send-email {firstName, body}`). */
export function renderServiceMessage(input: {
  subject: string
  firstName?: string
  body: string
}): RenderedMail {
  const subject = headerSafe(input.subject)
  const greeting = input.firstName ? `Hi ${headerSafe(input.firstName)},` : 'Hello,'
  const paragraphs = input.body.split(/\r?\n\s*\r?\n/).filter((p) => p.trim() !== '')
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p style="margin:0 0 16px;white-space:pre-wrap">${escapeHtml(p.trim())}</p>`).join('\n')}
<p style="margin:0">The ${escapeHtml(brand.name)} team</p>`,
  )
  const text = [greeting, '', ...paragraphs.map((p) => `${p.trim()}\n`), `The ${brand.name} team`].join('\n')
  return { subject, html, text }
}

/** Plain text from sanitised HTML, for the text part of `/api/send-email` messages. */
export function textFromHtml(html: string): string {
  const text = html
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6])\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
  return unescapeHtml(text)
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** Words for a role in mails and on screen. */
const roleWords: Record<string, string> = {
  admin: 'an administrator',
  editor: 'an editor',
  contributor: 'a contributor',
}

function buttonLink(url: string, label: string): string {
  return `<p style="margin:0 0 24px"><a href="${escapeHtml(url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:10px;font-weight:600">${escapeHtml(label)}</a></p>`
}

/**
 * A mail about an editor's account: a paragraph, the button (when there is one) and a note under it; the
 * plain-text part says the same, the button as its label and address.
 */
function accountMail(
  subject: string,
  intro: string,
  note: string,
  button?: { label: string; link: string },
): RenderedMail {
  const html = layout(
    subject,
    [
      `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>`,
      ...(button ? [buttonLink(button.link, button.label)] : []),
      `<p style="margin:0;color:#475569">${escapeHtml(note)}</p>`,
    ].join('\n'),
  )
  const text = [intro, '', ...(button ? [`${button.label}: ${button.link}`, ''] : []), note].join('\n')
  return { subject, html, text }
}

/**
 * The invitation to the blog admin: a link to set a password (valid 24 hours, once). Nothing in it comes from
 * the person who invited (no free text), so an invite cannot carry someone else's message.
 */
export function renderInviteMail(input: { link: string; role?: string | null }): RenderedMail {
  const subject = `You're invited to the ${brand.name} editor`
  const as = input.role && roleWords[input.role] ? ` as ${roleWords[input.role]}` : ''
  const intro = `You have been invited to write for the ${brand.name} blog${as}. Choose a password to accept the invitation and sign in.`
  const note =
    'The link works once and for 24 hours. If you were not expecting this invitation, ignore this email.'
  return accountMail(subject, intro, note, { label: 'Set my password', link: input.link })
}

/** A password reset link (valid one hour, once), sent only to an existing account's own address. */
export function renderPasswordResetMail(input: { link: string }): RenderedMail {
  const subject = `Reset your ${brand.name} editor password`
  const intro = `Someone asked to reset the password of your ${brand.name} editor account. Choose a new password with the link below.`
  const note =
    'The link works once and for one hour. If you did not ask for this, ignore this email: your password stays as it is.'
  return accountMail(subject, intro, note, { label: 'Choose a new password', link: input.link })
}

/** A confirmation link for an address that signed up (the admin API's sign-ups; valid one hour, once). */
export function renderConfirmationMail(input: { link: string }): RenderedMail {
  const subject = `Confirm your ${brand.name} editor account`
  const intro = `Confirm this address to finish creating your ${brand.name} editor account.`
  const note = 'The link works once and for one hour. If you did not ask for an account, ignore this email.'
  return accountMail(subject, intro, note, { label: 'Confirm my address', link: input.link })
}

/** A link that moves an account to this new address (valid one hour, once), sent to the new address. */
export function renderEmailChangeMail(input: { link: string }): RenderedMail {
  const subject = `Confirm your new ${brand.name} editor address`
  const intro = `Confirm that your ${brand.name} editor account should use this address from now on.`
  const note =
    'The link works once and for one hour. If you did not ask for this, ignore this email: nothing changes.'
  return accountMail(subject, intro, note, { label: 'Use this address', link: input.link })
}

/** The six-digit code a signed-in editor enters to confirm a sensitive change (valid one hour, once). */
export function renderReauthenticationMail(input: { code: string }): RenderedMail {
  const subject = `Your ${brand.name} confirmation code`
  const intro = `Enter this code to confirm it is you: ${input.code}`
  const note = 'The code works once and for one hour. If you did not ask for it, change your password.'
  return accountMail(subject, intro, note)
}
