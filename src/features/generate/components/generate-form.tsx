import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import type { ToolInfo } from '../../../api/contract/tools';
import { Button } from '../../../components/button';
import { CopyCurlButton } from '../../../components/copy-curl-button';
import { ShortcutForm } from '../../../components/form/shortcut-form';
import { loadContractCheck, loadedContractCheck } from '../contract-check';
import { toFieldErrors } from '../form-errors';
import {
  assembleRequest,
  type FormIssue,
  type GenerateFormValues,
  type GenerationBody,
  type GenerationKind,
} from '../generation-request';
import { emptyFieldValue, fieldsForTool } from '../tool-fields';
import { useContractCheck } from '../use-contract-check';
import type { UploadFn } from '../use-file-upload';
import type { MediaLoadState } from './media-input';
import { ToolField } from './tool-field';
import { DeferredToolPicker } from './deferred-tool-picker';
import { formatCount } from '../../../lib/format-number';

export interface GenerateFormProps {
  kind: GenerationKind;
  tools: readonly ToolInfo[];
  /** A new version replaces what is in the form (reuse from history). */
  initial: { values: GenerateFormValues; version: number };
  pending: boolean;
  onSubmit: (values: GenerateFormValues, body: GenerationBody) => void;
  onCancel: () => void;
  /** Problems the service (or the client) reported for the last request, by form field. */
  requestIssues: readonly FormIssue[];
  upload: UploadFn;
  /** The request for a body, as a curl command. */
  curlFor: (body: GenerationBody) => string;
}

const notLoading = 'This URL does not load in the browser; check it or upload the file instead';

/** The prompt, the tool and the tool's inputs; everything is checked before it is sent. */
export function GenerateForm(props: GenerateFormProps) {
  const { kind, tools, initial, pending, onSubmit, onCancel, requestIssues, upload, curlFor } =
    props;
  const promptId = useId();
  const advancedId = useId();
  // URLs the browser could not load, by field (`name` or `name.row`); refused at submit.
  const failedLoads = useRef(new Set<string>());
  // Until the contract's schema loads, the curl command follows its zod-free rules.
  const checkContract = useContractCheck();

  const resolver = useMemo<Resolver<GenerateFormValues>>(
    () => async (values) => {
      // A submission passes the contract's schema. Should it fail to load (offline for a
      // moment), the zod-free rules stand in: the service checks the body again anyway.
      const schemaCheck = await loadContractCheck().catch(() => undefined);
      const assembled = assembleRequest(kind, values, schemaCheck);
      const issues = assembled.ok ? [] : [...assembled.issues];
      for (const key of failedLoads.current) {
        const name = key.split('.')[0]!;
        const tool = tools.find((entry) => entry.name === values.tool);
        if (tool && fieldsForTool(tool).some((field) => field.name === name)) {
          issues.push({ field: `inputs.${name}`, message: notLoading });
        }
      }
      return issues.length === 0
        ? { values, errors: {} }
        : { values: {}, errors: toFieldErrors(issues) };
    },
    [kind, tools],
  );

  const form = useForm<GenerateFormValues>({ defaultValues: initial.values, resolver });
  const { control, register, handleSubmit, reset, formState } = form;
  useEffect(() => {
    failedLoads.current.clear();
    reset(initial.values);
  }, [initial, reset]);

  const values = useWatch({ control }) as GenerateFormValues;
  const tool = tools.find((entry) => entry.name === values.tool) ?? tools[0]!;
  const fields = fieldsForTool(tool);
  const assembled = assembleRequest(kind, values, checkContract);
  // Open whenever the form is filled with extra parameters, so nothing sent is out of sight.
  const hasExtra = (form: GenerateFormValues) => form.advancedJson.trim() !== '';
  const [advanced, setAdvanced] = useState({
    version: initial.version,
    open: hasExtra(initial.values),
  });
  if (advanced.version !== initial.version) {
    setAdvanced({ version: initial.version, open: hasExtra(initial.values) });
  }
  const advancedOpen = advanced.open;
  const setAdvancedOpen = (open: boolean) => setAdvanced((current) => ({ ...current, open }));

  const requestError = (field: string) =>
    requestIssues.find((issue) => issue.field === field)?.message;
  const errors = formState.errors;
  const promptError = errors.prompt?.message ?? requestError('prompt');
  const advancedError = errors.advancedJson?.message ?? requestError('advancedJson');
  const showAdvanced = advancedOpen || advancedError !== undefined;

  const submit = handleSubmit((valid) => {
    const result = assembleRequest(kind, valid, loadedContractCheck());
    if (result.ok) onSubmit(valid, result.body);
  });

  function onLoadState(key: string, state: MediaLoadState) {
    if (state === 'failed') failedLoads.current.add(key);
    else failedLoads.current.delete(key);
  }

  return (
    <ShortcutForm submit={submit} pending={pending} className="space-y-5">
      <div>
        <div className="flex items-baseline justify-between">
          <label htmlFor={promptId} className="block text-sm font-medium">
            Prompt
          </label>
          <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400" aria-live="off">
            {formatCount(values.prompt.length)} characters
          </span>
        </div>
        <textarea
          id={promptId}
          rows={4}
          aria-invalid={promptError ? true : undefined}
          aria-describedby={`${promptId}-hint${promptError ? ` ${promptId}-error` : ''}`}
          placeholder={
            kind === 'image'
              ? 'A lighthouse on a cliff at dusk, oil painting'
              : 'A drone shot over a foggy pine forest at sunrise'
          }
          className="mt-1 block w-full resize-y rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm shadow-xs placeholder:text-zinc-400 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900"
          {...register('prompt')}
        />
        <p id={`${promptId}-hint`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          Describe what to create. <kbd className="font-sans">Ctrl</kbd>+
          <kbd className="font-sans">Enter</kbd> (<kbd className="font-sans">⌘</kbd>+
          <kbd className="font-sans">Enter</kbd> on a Mac) generates.
        </p>
        {promptError && (
          <p
            id={`${promptId}-error`}
            className="mt-1 text-xs font-medium text-red-600 dark:text-red-400"
          >
            {promptError}
          </p>
        )}
      </div>

      <Controller
        control={control}
        name="tool"
        render={({ field }) => (
          <DeferredToolPicker tools={tools} value={field.value} onChange={field.onChange} />
        )}
      />
      {(errors.tool?.message ?? requestError('tool')) && (
        <p role="alert" className="text-xs font-medium text-red-600 dark:text-red-400">
          {errors.tool?.message ?? requestError('tool')}
        </p>
      )}

      {fields.length > 0 && (
        <fieldset className="space-y-4">
          <legend className="text-sm font-semibold">Inputs for {tool.name}</legend>
          {fields.map((spec) => (
            <Controller
              key={`${tool.name}:${spec.name}`}
              control={control}
              name={`inputs.${spec.name}`}
              render={({ field, fieldState }) => (
                <ToolField
                  field={spec}
                  value={field.value ?? emptyFieldValue(spec)}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message ?? requestError(`inputs.${spec.name}`)}
                  upload={upload}
                  onLoadState={onLoadState}
                />
              )}
            />
          ))}
        </fieldset>
      )}

      <details
        open={showAdvanced}
        onToggle={(event) => setAdvancedOpen(event.currentTarget.open)}
        className="rounded-lg border border-zinc-200 px-3 py-2 dark:border-zinc-800"
      >
        <summary className="cursor-pointer text-sm font-medium">Extra parameters (JSON)</summary>
        <label htmlFor={advancedId} className="mt-2 block text-xs text-zinc-600 dark:text-zinc-400">
          Extra parameters, as a JSON object merged into <code>parameters</code>, for inputs the
          form does not show
        </label>
        <textarea
          id={advancedId}
          rows={4}
          spellCheck={false}
          placeholder={'{\n  "negative_prompt": "blurry"\n}'}
          aria-invalid={advancedError ? true : undefined}
          aria-describedby={advancedError ? `${advancedId}-error` : undefined}
          className="mt-1 block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 font-mono text-xs shadow-xs aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900"
          {...register('advancedJson')}
        />
        {advancedError && (
          <p
            id={`${advancedId}-error`}
            className="mt-1 text-xs font-medium text-red-600 dark:text-red-400"
          >
            {advancedError}
          </p>
        )}
      </details>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? 'Generating…' : kind === 'image' ? 'Generate image' : 'Generate video'}
        </Button>
        {pending && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
      {assembled.ok ? (
        <CopyCurlButton command={curlFor(assembled.body)} label={`${kind} generation request`} />
      ) : (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          The request can be copied as curl once the form is complete.
        </p>
      )}
    </ShortcutForm>
  );
}
