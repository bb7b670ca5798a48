import { CoverImageDropzone } from '../CoverImageDropzone.tsx'

export interface CoverFieldProps {
  url: string
  /** 0–100 while compressing and uploading; null when idle. */
  progress: number | null
  onFile(file: File): void
  onRemove(): void
}

/** The post's cover in the settings panel: the spec's drop zone, its progress bar and the preview. */
export function CoverField({ url, progress, onFile, onRemove }: CoverFieldProps) {
  return (
    <div className="space-y-1.5">
      <span className="block text-sm font-medium text-slate-700">Cover image</span>
      <CoverImageDropzone url={url} progress={progress} onFile={onFile} onRemove={onRemove} />
    </div>
  )
}
