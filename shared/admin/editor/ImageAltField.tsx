import { ImageIcon } from 'lucide-react'
import { useId } from 'react'
import type { SelectedImage } from './body-images.ts'

/**
 * The selected image's description for people who cannot see it (its `alt`): shown under the toolbar while
 * an image in the body is selected, written into the post as the editor types.
 */
export function ImageAltField({
  image,
  onChange,
  onDone,
}: {
  image: SelectedImage
  onChange(alt: string): void
  onDone(): void
}) {
  const id = useId()
  return (
    <div
      data-testid="image-alt"
      className="flex flex-wrap items-center gap-x-3 gap-y-1.5 border-b border-slate-200 bg-indigo-50/60 px-2 py-2"
    >
      <label htmlFor={id} className="flex items-center gap-1.5 text-sm font-medium text-slate-800">
        <ImageIcon aria-hidden="true" className="size-4 text-indigo-700" />
        Image description (alt text)
      </label>
      <input
        id={id}
        value={image.alt}
        placeholder="What the image shows, for people who cannot see it"
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' && e.key !== 'Escape') return
          e.preventDefault()
          onDone()
        }}
        className="h-8 min-w-0 flex-[1_1_14rem] rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-900 placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none"
      />
      <button
        type="button"
        onClick={onDone}
        className="h-8 rounded-md px-2.5 text-sm font-medium text-indigo-800 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        Done
      </button>
    </div>
  )
}
