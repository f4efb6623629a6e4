import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { videoTools } from '../../../api/contract/tools';
import { emptyFormValues, type GenerateFormValues } from '../generation-request';
import { GenerateForm } from './generate-form';

// jsdom has no ResizeObserver; Headless UI watches the tool picker's input with one.
beforeAll(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterAll(() => {
  vi.unstubAllGlobals();
});

function renderForm(values: Partial<GenerateFormValues>) {
  const onSubmit = vi.fn();
  render(
    <GenerateForm
      kind="video"
      tools={videoTools}
      initial={{ values: { ...emptyFormValues, ...values }, version: 0 }}
      pending={false}
      onSubmit={onSubmit}
      onCancel={vi.fn()}
      requestIssues={[]}
      upload={vi.fn()}
      curlFor={(body) => `curl ${JSON.stringify(body)}`}
    />,
  );
  return { onSubmit };
}

describe('GenerateForm', () => {
  it('offers the curl command only once the form is complete', async () => {
    renderForm({ prompt: '' });
    expect(screen.getByText(/can be copied as curl once the form is complete/)).toBeVisible();
    fireEvent.change(screen.getByRole('textbox', { name: 'Prompt' }), {
      target: { value: 'a fox' },
    });
    expect(await screen.findByRole('button', { name: 'Show curl' })).toBeVisible();
  });

  it('reports on submit what only the contract’s schema checks, beside its field', async () => {
    const { onSubmit } = renderForm({
      prompt: 'a fox',
      advancedJson: '{"reference_image_urls": "https://x.test/a.png"}',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Generate video' }));
    expect(
      await screen.findByText('parameters.reference_image_urls must be a list of image URLs'),
    ).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('reports a missing input on its field and sends nothing', async () => {
    const { onSubmit } = renderForm({ prompt: 'a fox', tool: 'generate_video_edit_v_4' });
    fireEvent.click(screen.getByRole('button', { name: 'Generate video' }));
    expect(
      await screen.findByText('Video URL is required by tool generate_video_edit_v_4'),
    ).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a complete request with its body', async () => {
    const { onSubmit } = renderForm({ prompt: 'a fox', advancedJson: '{"seed": 7}' });
    fireEvent.click(screen.getByRole('button', { name: 'Generate video' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![1]).toEqual({
      prompt: 'a fox',
      tool: 'auto',
      parameters: { seed: 7 },
    });
  });
});
