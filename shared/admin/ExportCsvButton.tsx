import { Download } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../ui/Button.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { downloadText } from './download-text.ts'
import { errorMessage } from './useLoaded.ts'

/**
 * "Export CSV" of an admin screen: builds the file (asking the server when it must), saves it as `fileName`
 * and shows a spinner meanwhile; a failure goes to the screen's error line.
 */
export function ExportCsvButton({
  fileName,
  csv,
  onError,
  disabled = false,
}: {
  fileName: () => string
  csv: () => string | Promise<string>
  onError(message: string): void
  disabled?: boolean
}) {
  const [busy, setBusy] = useState(false)
  const exportCsv = async () => {
    setBusy(true)
    try {
      downloadText(fileName(), await csv())
    } catch (err) {
      onError(errorMessage(err))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button variant="outline" size="sm" disabled={disabled || busy} onClick={() => void exportCsv()}>
      {busy ? <Spinner /> : <Download aria-hidden="true" className="size-4" />}
      Export CSV
    </Button>
  )
}

/** Today's date for a file name (`leads-2026-11-26.csv`). */
export const today = () => new Date().toISOString().slice(0, 10)
