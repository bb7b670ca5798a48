import { brand } from '../../shared/config/brand.ts'
import { escapeHtml } from '../../shared/lib/html-escape.ts'

/**
 * The small pages a newsletter link opens: confirm, unsubscribe and their outcomes. Plain server-rendered
 * HTML (no script): a link only shows a button, and the button's POST does the change, so a mail scanner
 * that follows links confirms or unsubscribes nobody.
 */
export function newsletterPage(page: {
  title: string
  message: string
  /** A form with one button that posts the token back. */
  action?: { url: string; token: string; label: string }
  publicUrl: string
}): string {
  const home = page.publicUrl.replace(/\/+$/, '')
  const form = page.action
    ? `<form method="post" action="${escapeHtml(page.action.url)}" style="margin:24px 0 0">
<input type="hidden" name="token" value="${escapeHtml(page.action.token)}">
<button type="submit" style="background:#4f46e5;color:#ffffff;border:0;border-radius:10px;padding:12px 20px;font:600 15px Inter,Segoe UI,Helvetica,Arial,sans-serif;cursor:pointer">${escapeHtml(page.action.label)}</button>
</form>`
    : ''
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} | ${escapeHtml(brand.name)}</title></head>
<body style="margin:0;padding:48px 24px;background:#f1f5f9;font-family:Inter,Segoe UI,Helvetica,Arial,sans-serif;color:#0f172a">
<main style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:16px;padding:32px;line-height:1.6">
<p style="margin:0 0 8px;font-weight:700;color:#4f46e5">${escapeHtml(brand.name)}</p>
<h1 style="margin:0 0 12px;font-size:24px">${escapeHtml(page.title)}</h1>
<p style="margin:0">${escapeHtml(page.message)}</p>
${form}
<p style="margin:24px 0 0"><a href="${escapeHtml(home)}/resources" style="color:#4f46e5">Back to our resources</a></p>
</main>
</body>
</html>`
}
