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

/** Spec §2/§5: images only, the first file only, its texts while idle and while dragging, a preview once set. */
export function CoverImageDropzone({ url, progress, onFile, onRemove }: CoverImageDropzoneProps) {
  const busy = progress !== null
  const { getRootProps, getInputProps, isDragActive, fileRejections } = useDropzone({
    accept: { 'image/*': [] },
    maxFiles: 1,
    multiple: false,
    disabled: busy,
    onDropAccepted: (files) => {
      if (files[0]) onFile(files[0])
    },
  })
  const errors = rejectionMessages(fileRejections)

  return (
    <div className="space-y-2">
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
        <p>{isDragActive ? 'Drop the image here...' : 'Drag & drop or click to upload a cover image'}</p>
      </div>
      {errors.length > 0 && (
        <ul role="alert" className="space-y-1 text-sm text-red-700">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {busy && <ProgressBar value={progress} label="Cover image upload" />}
      {url && (
        <div className="flex flex-wrap items-start gap-3">
          <img
            src={url}
            alt="Cover preview"
            className="max-h-48 max-w-full rounded-md border border-slate-200 object-cover"
          />
          <Button size="sm" variant="ghost" onClick={onRemove}>
            Remove cover
          </Button>
        </div>
      )}
    </div>
  )
}
