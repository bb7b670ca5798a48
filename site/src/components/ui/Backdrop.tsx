/**
 * A decorative layer (glows, a grid) behind a section's content: the section is `relative isolate`, so the
 * layer fills it and stays under the text. `className` gives the picture.
 */
export function Backdrop({ className }: { className: string }) {
  return <div aria-hidden="true" className={`absolute inset-0 -z-10 ${className}`} />
}
