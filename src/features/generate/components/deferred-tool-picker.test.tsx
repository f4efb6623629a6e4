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
  it('stands in closed, as the picker reads, and mounts the picker only when it is used', async () => {
    render(
      <DeferredToolPicker tools={sampleTools} value="generate_video_edit_v_4" onChange={vi.fn()} />,
    );
    const standIn = screen.getByRole('combobox', { name: 'Tool' });
    expect(standIn).not.toHaveAttribute('data-headlessui-state');
    expect(standIn).toHaveValue('generate_video_edit_v_4');
    expect(standIn).toHaveAttribute('aria-expanded', 'false');
    expect(standIn).toHaveAccessibleDescription(/Text-guided edit of a video\./);
    // The picker's code is in, and still nothing swaps: nobody has reached for the field.
    await import('./tool-picker');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('combobox', { name: 'Tool' })).toBe(standIn);

    fireEvent.pointerEnter(standIn.parentElement!);
    await waitFor(() => expect(standIn).not.toBeInTheDocument());
    const picker = screen.getByRole('combobox', { name: 'Tool' });
    expect(picker).toHaveAttribute('data-headlessui-state');
    expect(picker).toHaveValue('generate_video_edit_v_4');
    // A pointer over it is not a choice: nothing takes the focus.
    expect(picker).not.toHaveFocus();
  });

  it('with its code in, hands the focus to the picker within the focus event, where typing searches', async () => {
    render(
      <DeferredToolPicker tools={sampleTools} value="generate_video_edit_v_4" onChange={vi.fn()} />,
    );
    const standIn = screen.getByRole('combobox', { name: 'Tool' });
    standIn.focus();
    // No waiting: the next key already reaches the picker (text typed into the stand-in while
    // the code loads is carried over: components/form/deferred-field.test.tsx).
    expect(standIn).not.toBeInTheDocument();
    const field = screen.getByRole('combobox', { name: 'Tool' });
    expect(field).toHaveFocus();
    // Typed: a browser sends an input event per key.
    fireEvent.input(field, { target: { value: 'image' } });
    // Open on what was typed: the list hides the rest of the form, its label included.
    const picker = await screen.findByRole('combobox', { expanded: true });
    expect(picker).toHaveValue('image');
    expect(
      await screen.findByRole('option', { name: /generate_video_from_image_3/ }),
    ).toBeVisible();
    expect(
      screen.queryByRole('option', { name: /generate_video_edit_v_4/ }),
    ).not.toBeInTheDocument();
  });

  it('gives the picker the focus with its text selected, so typing replaces the choice', async () => {
    render(
      <DeferredToolPicker tools={sampleTools} value="generate_video_edit_v_4" onChange={vi.fn()} />,
    );
    const standIn = screen.getByRole('combobox', { name: 'Tool' });
    standIn.focus();

    await waitFor(() => expect(standIn).not.toBeInTheDocument());
    const picker = screen.getByRole<HTMLInputElement>('combobox', { name: 'Tool' });
    expect(picker).toHaveFocus();
    expect(picker).toHaveValue('generate_video_edit_v_4');
    await waitFor(() => {
      expect(picker.selectionStart).toBe(0);
      expect(picker.selectionEnd).toBe('generate_video_edit_v_4'.length);
    });
  });
});
