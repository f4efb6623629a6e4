import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sampleTools } from '../test/sample-tools';
import { DeferredToolPicker } from './deferred-tool-picker';

// jsdom has no ResizeObserver; Headless UI watches the input with one when the list closes.
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

describe('DeferredToolPicker', () => {
  it('shows the chosen tool at once, then hands its focus and typing to the real picker', async () => {
    render(
      <DeferredToolPicker tools={sampleTools} value="generate_video_edit_v_4" onChange={vi.fn()} />,
    );
    // Before the picker's code is in: the same field, closed, and not yet a combobox.
    const standIn = screen.getByRole('textbox', { name: 'Tool' });
    expect(standIn).toHaveValue('generate_video_edit_v_4');
    expect(screen.getByText('Text-guided edit of a video.')).toBeVisible();
    standIn.focus();
    fireEvent.change(standIn, { target: { value: 'image' } });

    const picker = await screen.findByRole('combobox', { name: 'Tool' });
    expect(picker).toHaveFocus();
    expect(screen.queryByRole('textbox', { name: 'Tool' })).not.toBeInTheDocument();
    // What was typed is the search, as if typed into the picker itself.
    await waitFor(() => expect(picker).toHaveValue('image'));
    expect(
      await screen.findByRole('option', { name: /generate_video_from_image_3/ }),
    ).toBeVisible();
    expect(
      screen.queryByRole('option', { name: /generate_video_edit_v_4/ }),
    ).not.toBeInTheDocument();
  });
});
