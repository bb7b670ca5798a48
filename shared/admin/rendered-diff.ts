import { diffArrays, diffWordsWithSpace } from 'diff'
import { escapeHtml } from '../lib/html-escape.ts'
import { sanitizeHtml } from '../lib/sanitize-html.ts'

/**
 * The post as it reads, with what changed from `before` to `after` marked: whole blocks (paragraphs,
 * headings, list items, images) that were added or removed, and inside a block that changed, the words.
 * Insertions are `<ins>`, deletions `<del>`, each with a word for screen readers. Both bodies are sanitised
 * first; the result is HTML for a `.post-content` box (the browser's DOMParser reads the blocks).
 */
export function renderedDiffHtml(before: string, after: string): string {
  const a = blocksOf(sanitizeHtml(before))
  const b = blocksOf(sanitizeHtml(after))
  const parts = diffArrays(
    a.map((x) => x.html),
    b.map((x) => x.html),
  )
  const out: string[] = []
  let ia = 0
  let ib = 0
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!
    const next = parts[i + 1]
    const n = part.count ?? part.value.length
    if (!part.added && !part.removed) {
      for (let k = 0; k < n; k++) out.push(b[ib + k]!.html)
      ia += n
      ib += n
      continue
    }
    // A removed run followed by an added run: pair the blocks up and mark the words that changed.
    if (part.removed && next?.added) {
      const m = next.count ?? next.value.length
      const paired = Math.min(n, m)
      for (let k = 0; k < paired; k++) out.push(changedBlock(a[ia + k]!, b[ib + k]!))
      for (let k = paired; k < n; k++) out.push(wrapBlock(a[ia + k]!, 'del'))
      for (let k = paired; k < m; k++) out.push(wrapBlock(b[ib + k]!, 'ins'))
      ia += n
      ib += m
      i++
      continue
    }
    if (part.removed) {
      for (let k = 0; k < n; k++) out.push(wrapBlock(a[ia + k]!, 'del'))
      ia += n
    } else {
      for (let k = 0; k < n; k++) out.push(wrapBlock(b[ib + k]!, 'ins'))
      ib += n
    }
  }
  return out.join('')
}

interface Block {
  /** The block's own HTML. */
  html: string
  /** Its tag (a text outside any block counts as a paragraph). */
  tag: string
  text: string
  /** The block holds something other than text (an image, a list): compared as a whole. */
  rich: boolean
}

const spoken = { ins: 'Added: ', del: 'Removed: ' } as const

function blocksOf(html: string): Block[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html')
  const blocks: Block[] = []
  for (const node of Array.from(doc.body.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent ?? ''
      if (text.trim()) blocks.push({ html: `<p>${escapeHtml(text)}</p>`, tag: 'p', text, rich: false })
    } else if (node.nodeType === Node.ELEMENT_NODE) {
      const element = node as Element
      const rich =
        element.querySelector('img,ul,ol,table,pre,iframe,figure') !== null || element.tagName === 'IMG'
      blocks.push({
        html: element.outerHTML,
        tag: element.tagName.toLowerCase(),
        text: element.textContent ?? '',
        rich,
      })
    }
  }
  return blocks
}

function wrapBlock(block: Block, mark: 'ins' | 'del'): string {
  return `<div class="diff-block diff-${mark}"><span class="sr-only">${spoken[mark]}</span>${block.html}</div>`
}

/** One block that changed: the new block's kind with its words marked, or the two whole when not plain text. */
function changedBlock(older: Block, newer: Block): string {
  if (older.rich || newer.rich || older.tag !== newer.tag)
    return wrapBlock(older, 'del') + wrapBlock(newer, 'ins')
  const words = diffWordsWithSpace(older.text, newer.text)
  const inner = words
    .map((w) => {
      const text = escapeHtml(w.value)
      if (w.added) return `<ins><span class="sr-only">${spoken.ins}</span>${text}</ins>`
      if (w.removed) return `<del><span class="sr-only">${spoken.del}</span>${text}</del>`
      return text
    })
    .join('')
  return `<${newer.tag}>${inner}</${newer.tag}>`
}
