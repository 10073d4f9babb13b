import { API_PATHS } from '@portal/shared/api-paths';
import { EXPORT_POLL_MS } from '@portal/shared/constants';
import type { ExportPollResponse, ExportStartResponse } from '@portal/shared/exports/exports.schemas';
import type { ReportType } from '@portal/shared/reports/reports.schemas';
import { useCallback, useEffect, useRef, useState } from 'react';
import { alerts } from '../../../lib/alerts.ts';
import { api } from '../../../lib/api-client.ts';
import { tooManyMessage } from '../../../lib/api-error.ts';
import { exportFilters, type ReportFilterState } from '../report-filters.ts';

/** The browser saves a file from a link (the export's signed, short-lived URL). */
function download(url: string, fileName: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * CSV export (docs/screens.md, docs/api.md): start a job with the report's filters, poll it every 2 s while it is
 * pending or processing, download the file when completed. Any failure (start refused, error
 * status, a failed call) ends the exporting state without a message, as the spec says; a quota
 * refusal (429: too many exports in progress or this hour) says so, since waiting helps there.
 */
export function useCsvExport(type: ReportType) {
  const [exporting, setExporting] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(
    async (filters: ReportFilterState, sort: string, order: 1 | -1) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      const { signal } = controller;
      setExporting(true);
      try {
        const started = await api.post<ExportStartResponse>(
          API_PATHS.reportExport(type),
          { filters: exportFilters(filters, type), sort, order },
          { signal, handle: { serverError: false } },
        );
        if (!started.success) return;
        for (;;) {
          await new Promise<void>((resolve, reject) => {
            const t = setTimeout(resolve, EXPORT_POLL_MS);
            signal.addEventListener('abort', () => (clearTimeout(t), reject(new Error('aborted'))), { once: true });
          });
          const job = await api.post<ExportPollResponse>(
            started.result.poll_endpoint,
            { id: started.result.job_id },
            { signal, handle: { serverError: false } },
          );
          if (job.status === 'completed' && job.export_url) {
            download(job.export_url, job.file_name ?? `${type}_export.csv`);
            return;
          }
          if (job.status !== 'pending' && job.status !== 'processing') return;
        }
      } catch (err) {
        // docs/errors.md: export failures clear the state without a message; a spent quota is not one.
        const quota = tooManyMessage(err);
        if (quota) alerts.warning(quota);
      } finally {
        if (abort.current === controller) {
          abort.current = null;
          setExporting(false);
        }
      }
    },
    [type],
  );

  return { exporting, start };
}
