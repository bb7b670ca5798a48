import { ImageUp, Trash2 } from 'lucide-react'
import { useDropzone, type FileRejection } from 'react-dropzone'
import { Button } from '../ui/Button.tsx'
import { cx } from '../ui/cx.ts'
import { ProgressBar } from '../ui/ProgressBar.tsx'

export interface CoverImageDropzoneProps {
  url: string
  /** 0–100 while compressing and uploading; null when idle. */
  progress: number | null
  onFile(file: File): void
  onRemove(): void
}

/** The distinct react-dropzone messages of the last drop ('File type must be …', 'Too many files', …). */
export function rejectionMessages(rejections: readonly FileRejection[]): string[] {
  return [...new Set(rejections.flatMap((r) => r.errors.map((e) => e.message)))]
}

/**
 * Spec §2/§5: images only, the first file only, its texts while idle and while dragging, a preview once set.
 * With a cover set the preview takes the drop zone's place, with "Replace" (the same file dialog) and
 * "Remove"; an image dropped on the preview replaces it too.
 */
export function CoverImageDropzone({ url, progress, onFile, onRemove }: CoverImageDropzoneProps) {
  const busy = progress !== null
  const { getRootProps, getInputProps, isDragActive, fileRejections, open } = useDropzone({
    accept: { 'image/*': [] },
    maxFiles: 1,
    multiple: false,
    disabled: busy,
    // With a cover the preview is a drop target only: its buttons say what a click does.
    noClick: Boolean(url),
    noKeyboard: Boolean(url),
    onDropAccepted: (files) => {
      if (files[0]) onFile(files[0])
    },
  })
  const errors = rejectionMessages(fileRejections)
  const dropText = isDragActive ? 'Drop the image here...' : 'Drag & drop or click to upload a cover image'

  return (
    <div className="space-y-2">
      {url ? (
        <div {...getRootProps({ className: 'space-y-2' })}>
          <input {...getInputProps({ 'aria-label': 'Cover image file' })} />
          <div className="relative">
            <img
              src={url}
              alt="Cover preview"
              className={cx(
                'max-h-48 w-full rounded-md border border-slate-200 object-cover',
                isDragActive && 'opacity-40',
              )}
            />
            {isDragActive && (
              <p className="absolute inset-0 flex items-center justify-center rounded-md border-2 border-dashed border-indigo-500 text-sm font-medium text-indigo-700">
                Drop the image here...
              </p>
            )}
          </div>
          <div className="flex gap-2">
            <Button size="sm" variant="outline" onClick={open} disabled={busy}>
              <ImageUp aria-hidden="true" className="size-4" /> Replace
            </Button>
            <Button size="sm" variant="ghost" onClick={onRemove} disabled={busy} aria-label="Remove cover">
              <Trash2 aria-hidden="true" className="size-4" /> Remove
            </Button>
          </div>
        </div>
      ) : (
        <div
          {...getRootProps({
            className: cx(
              'flex min-h-28 cursor-pointer flex-col items-center justify-center rounded-md border-2 border-dashed px-4 py-6 text-center text-sm',
              isDragActive
                ? 'border-indigo-500 bg-indigo-50 text-indigo-700'
                : 'border-slate-300 text-slate-600 hover:border-slate-400',
              busy && 'cursor-wait opacity-70',
            ),
          })}
        >
          <input {...getInputProps({ 'aria-label': 'Cover image file' })} />
          <p>{dropText}</p>
        </div>
      )}
      {errors.length > 0 && (
        <ul role="alert" className="space-y-1 text-sm text-red-700">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {busy && <ProgressBar value={progress} label="Cover image upload" />}
    </div>
  )
}
