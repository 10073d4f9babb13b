import type { ConversionReconcileResponse } from '@portal/shared/admin/conversions.schemas';
import { useState } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { consolePaths } from '../../../features/admin/console-paths.ts';
import { useReconcile } from '../../../features/admin/conversions/reconcile-api.ts';
import { ReconcileFile } from '../../../features/admin/conversions/reconcile-file.tsx';
import { ReconcileHistory } from '../../../features/admin/conversions/reconcile-history.tsx';
import {
  APPLIED_OUTCOMES,
  PREVIEW_OUTCOMES,
  summaryWords,
} from '../../../features/admin/conversions/reconcile-outcomes.tsx';
import { ReconcileRows } from '../../../features/admin/conversions/reconcile-preview.tsx';
import { consoleWriteProblem, fieldMessage } from '../../../features/admin/login-problems.ts';
import { useCanWrite } from '../../../features/admin/use-can-write.ts';
import { alerts } from '../../../lib/alerts.ts';

type Answer = ConversionReconcileResponse['data'];
const problemOf = (error: unknown) => fieldMessage(error, 'csv') ?? consoleWriteProblem(error);

/**
 * Reconcile (docs/operator-console.md "Conversions"): an advertiser's CSV checked against the
 * conversions, every row's outcome previewed (would change, unchanged, unknown, not allowed,
 * invalid) before Apply, then the applied outcome; under it the files applied before. A viewer
 * sees those only.
 */
export function Component() {
  const canWrite = useCanWrite();
  const reconcile = useReconcile();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const check = (f: { name: string; csv: string }) => {
    setFile(f);
    setAnswer(null);
    setProblem(null);
    reconcile.mutate(
      { csv: f.csv, apply: false, file_name: f.name },
      { onSuccess: (r) => setAnswer(r.data), onError: (e) => setProblem(problemOf(e)) },
    );
  };
  const apply = () => {
    if (!file) return;
    setProblem(null);
    reconcile.mutate(
      { csv: file.csv, apply: true, file_name: file.name },
      {
        onSuccess: (r) => {
          setAnswer(r.data);
          alerts.success(`Reconciliation #${r.data.reconciliation_id} applied: ${r.data.summary.changed} changed.`);
        },
        onError: (e) => setProblem(problemOf(e)),
      },
    );
  };
  const restart = () => {
    setFile(null);
    setAnswer(null);
    setProblem(null);
  };

  return (
    <PageWrapper
      title="Reconcile"
      description="Check an advertiser's file of approved and rejected conversions, then apply it."
      back={{ to: consolePaths.conversions, label: 'Conversions' }}
      wide
    >
      {canWrite ? (
        <Card className="mb-6 flex flex-col gap-4 p-4 sm:p-5">
          {problem ? (
            <AlertBox tone="error" title={file ? `${file.name} cannot be reconciled` : 'The file cannot be reconciled'}>
              {problem}
            </AlertBox>
          ) : null}
          {answer && file ? (
            <FileOutcome answer={answer} fileName={file.name} />
          ) : (
            <ReconcileFile busy={reconcile.isPending} onFile={check} onTooLarge={(m) => setProblem(m)} />
          )}
          {answer && !answer.applied ? (
            <div className="flex flex-wrap items-center gap-2">
              <Button onClick={apply} loading={reconcile.isPending} disabled={answer.summary.would_change === 0}>
                Apply
              </Button>
              <Button variant="secondary" onClick={restart} disabled={reconcile.isPending}>
                Choose another file
              </Button>
              {answer.summary.would_change === 0 ? (
                <span className="text-sm text-slate-600">Nothing would change: there is nothing to apply.</span>
              ) : null}
            </div>
          ) : null}
          {answer?.applied ? (
            <div>
              <Button variant="secondary" onClick={restart}>
                Reconcile another file
              </Button>
            </div>
          ) : null}
        </Card>
      ) : (
        <AlertBox className="mb-6">
          Only managers and owners reconcile files; the files applied are listed below.
        </AlertBox>
      )}
      {answer ? (
        <section className="mb-8" aria-labelledby="reconcile-rows">
          <h2 id="reconcile-rows" className="mb-3 text-base font-semibold text-slate-900">
            {answer.applied ? 'Applied' : 'Preview'}
          </h2>
          <ReconcileRows key={answer.applied ? 'applied' : 'preview'} answer={answer} />
        </section>
      ) : null}
      <section aria-labelledby="reconcile-history">
        <h2 id="reconcile-history" className="mb-3 text-base font-semibold text-slate-900">
          Past reconciliations
        </h2>
        <ReconcileHistory />
      </section>
    </PageWrapper>
  );
}

/** The file checked or applied: its name, its rows and what they do. */
function FileOutcome({ answer, fileName }: { answer: Answer; fileName: string }) {
  const s = answer.summary;
  if (answer.applied)
    return (
      <AlertBox tone="success" title={`Reconciliation #${answer.reconciliation_id} applied`}>
        {fileName}: {s.rows.toLocaleString('en-US')} rows — {summaryWords(s, APPLIED_OUTCOMES)}. The file and its
        outcome are kept.
      </AlertBox>
    );
  return (
    <div className="text-sm text-slate-700">
      <p className="font-medium break-all text-slate-900">{fileName}</p>
      <p>
        {s.rows.toLocaleString('en-US')} rows — {summaryWords(s, PREVIEW_OUTCOMES)}. Nothing has changed yet.
      </p>
    </div>
  );
}
