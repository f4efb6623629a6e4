import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { AudioResult } from '../../api/contract/voices';
import type { StoredFile } from '../../api/contract/files';
import { Card } from '../../components/card';
import { ErrorView } from '../../components/error-view';
import { ExtendForm, type ExtendField } from './components/extend-form';
import { ExtendResult } from './components/extend-result';
import type { ReferenceCheckState } from './components/reference-check';
import type { ExtendFormValues } from './extend-form-schema';
import { fieldErrorsFrom } from '../../lib/field-errors';
import { extendFieldLabels } from './extend-form-values';
import { buildAudioFileName } from './file-name';
import { speechQueries, useExtendVoice, useUploadReference, type ReferenceSource } from './queries';

interface ExtendOutput {
  reference: Blob | string;
  result: AudioResult;
  traceId: string | null;
  createdAt: Date;
}

/** The report query's stand-in while no local file is chosen (the query is disabled then). */
const emptyFile = new File([], '');

const requestFields = ['reference_audio_url', 'text', 'format'] as const;

/** The Extend tab: uploads a local reference when needed, extends it, shows both on a timeline. */
export function ExtendTab() {
  const upload = useUploadReference();
  const extend = useExtendVoice();
  const [reference, setReference] = useState<ReferenceSource | null>(null);
  // One upload per chosen file, even if Extend is pressed again with other text.
  const [uploaded, setUploaded] = useState<{ file: File; stored: StoredFile } | null>(null);
  const [output, setOutput] = useState<ExtendOutput | null>(null);
  const [sourceKind, setSourceKind] = useState<'url' | 'file'>('url');

  const duration = useQuery({
    ...speechQueries.referenceDuration(reference ?? { kind: 'url', url: '' }),
    enabled: reference !== null,
  });
  // A local file is analysed too (levels, noise, clipping); a URL only has its length read.
  const localFile = reference?.kind === 'file' ? reference.file : null;
  const report = useQuery({
    ...speechQueries.referenceReport(localFile ?? emptyFile),
    enabled: localFile !== null,
  });
  const referenceCheck: ReferenceCheckState | null = reference
    ? {
        measuring: duration.isPending,
        durationS: duration.data,
        error: duration.error?.message,
        ...(localFile && {
          report: {
            name: localFile.name,
            measuring: report.isPending,
            data: report.data,
            error: report.error?.message,
          },
        }),
      }
    : null;

  const error = upload.error ?? extend.error;
  const serverErrors = useMemo(() => {
    const found = fieldErrorsFrom(error, requestFields, extendFieldLabels);
    const mapped: Partial<Record<ExtendField, string>> = {
      text: found.text,
      format: found.format,
    };
    if (found.reference_audio_url) mapped[sourceKind] = found.reference_audio_url;
    return mapped;
  }, [error, sourceKind]);

  const submit = async (values: ExtendFormValues) => {
    upload.reset();
    extend.reset();
    setSourceKind(values.source);
    let url = values.url.trim();
    let referenceSrc: Blob | string = url;
    if (values.source === 'file' && values.file) {
      const file = values.file;
      referenceSrc = file;
      if (uploaded?.file === file) {
        url = uploaded.stored.url;
      } else {
        try {
          const stored = await upload.mutateAsync(file);
          setUploaded({ file, stored });
          url = stored.url;
        } catch {
          return; // upload.error is shown.
        }
      }
    }
    extend.mutate(
      { reference_audio_url: url, text: values.text, format: values.format },
      {
        onSuccess: (response) =>
          setOutput({
            reference: referenceSrc,
            result: response.data,
            traceId: response.trace_id ?? null,
            createdAt: new Date(),
          }),
      },
    );
  };

  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
      <Card
        labelledBy="extend-form-title"
        title="Extend a clip"
        description="Continue a recording in the same voice. The reference gives the voice and style."
      >
        <ExtendForm
          onSubmit={(values) => void submit(values)}
          onReferenceChange={setReference}
          referenceCheck={referenceCheck}
          extendedReference={output?.reference ?? null}
          pending={upload.isPending || extend.isPending}
          pendingLabel={upload.isPending ? 'Uploading the reference…' : 'Extending…'}
          serverErrors={serverErrors}
        />
      </Card>
      <Card labelledBy="extend-result-title" title="Result">
        <div className="space-y-4">
          {error && (
            <ErrorView
              title={
                upload.error
                  ? 'The reference could not be uploaded'
                  : 'The clip could not be extended'
              }
              error={error}
              labels={extendFieldLabels}
            />
          )}
          {extend.isPending && (
            <p role="status" className="text-sm text-zinc-500">
              Extending…
            </p>
          )}
          {output && !extend.isPending && (
            <ExtendResult
              reference={output.reference}
              result={output.result}
              traceId={output.traceId}
              fileName={buildAudioFileName('extended', output.createdAt, output.result.format)}
            />
          )}
          {!output && !error && !extend.isPending && (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">
              The reference and its continuation appear here on one timeline.
            </p>
          )}
        </div>
      </Card>
    </div>
  );
}
