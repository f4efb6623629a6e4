import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred } from '../deferred';
import { DeferredField } from './deferred-field';

/** The real field: a searchable box, told apart from the placeholder by its name. */
function RealField() {
  return (
    <label>
      Voice search
      <input defaultValue="Aria" />
    </label>
  );
}

function Placeholder({ wake }: { wake: () => void }) {
  return (
    <div>
      <label>
        Voice
        <input defaultValue="Aria" onPointerEnter={wake} />
      </label>
      <button type="button">Play preview</button>
    </div>
  );
}

function renderField(part: ReturnType<typeof deferred<object>>) {
  return render(
    <DeferredField code={part} placeholder={(wake) => <Placeholder wake={wake} />}>
      <part.Component />
    </DeferredField>,
  );
}

/** A field whose code is in already. */
async function renderLoadedField() {
  const part = deferred<object>(() => Promise.resolve(RealField));
  await part.preload();
  return renderField(part);
}

describe('DeferredField', () => {
  it('fetches the field’s code only once a pointer comes over the field', async () => {
    const load = vi.fn(() => Promise.resolve(RealField));
    renderField(deferred<object>(load));
    // Past the idle moment a page load leaves: nothing is fetched for a field nobody uses.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(load).not.toHaveBeenCalled();
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Play preview' }));
    expect(load).toHaveBeenCalledTimes(1);
    // Fetched, not drawn: the placeholder stays until the input itself is reached.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByRole('textbox', { name: 'Voice' })).toBeInTheDocument();
  });

  it('keeps the placeholder while nobody reaches for the field, code in or not', async () => {
    await renderLoadedField();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByRole('textbox', { name: 'Voice' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Voice search' })).not.toBeInTheDocument();
  });

  it('swaps within the focus event once the code is in', async () => {
    await renderLoadedField();
    fireEvent.focus(screen.getByRole('textbox', { name: 'Voice' }));
    // No waiting: the next key already reaches the real field.
    expect(screen.getByRole('textbox', { name: 'Voice search' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Voice' })).not.toBeInTheDocument();
  });

  it('leaves the other controls of the placeholder alone', async () => {
    await renderLoadedField();
    screen.getByRole('button', { name: 'Play preview' }).focus();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByRole('button', { name: 'Play preview' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Voice' })).toBeInTheDocument();
  });

  it('waits for the code with the placeholder in place, then swaps', async () => {
    let arrive: (component: typeof RealField) => void = () => {};
    const part = deferred<object>(() => new Promise((resolve) => (arrive = resolve)));
    renderField(part);
    const standIn = screen.getByRole('textbox', { name: 'Voice' });
    fireEvent.pointerEnter(standIn);
    expect(screen.getByRole('textbox', { name: 'Voice' })).toBe(standIn);
    await act(async () => arrive(RealField));
    expect(await screen.findByRole('textbox', { name: 'Voice search' })).toBeInTheDocument();
  });

  it('keeps the placeholder when the code fails to load, and tries again on the next reach', async () => {
    const load = vi
      .fn<() => Promise<typeof RealField>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(RealField);
    const part = deferred<object>(load);
    renderField(part);
    const standIn = screen.getByRole('textbox', { name: 'Voice' });
    fireEvent.pointerEnter(standIn);
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByRole('textbox', { name: 'Voice' })).toBe(standIn);

    fireEvent.pointerEnter(standIn);
    expect(await screen.findByRole('textbox', { name: 'Voice search' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps keys pressed while the code arrives, before and after the swap, in order', async () => {
    let arrive: (component: typeof RealField) => void = () => {};
    const part = deferred<object>(() => new Promise((resolve) => (arrive = resolve)));
    renderField(part);
    const standIn = screen.getByRole('textbox', { name: 'Voice' });
    // Tabbed to and typed into before the code is in.
    standIn.focus();
    fireEvent.input(standIn, { target: { value: 'mar' } });
    await act(async () => arrive(RealField));
    const field = screen.getByRole('textbox', { name: 'Voice search' });
    expect(field).toHaveFocus();
    // The next keys reach the field itself: after its own text while the hand-over is on its
    // way ("Aria" + "cus", the usual case), or after the carried text once it is done.
    const before = (field as HTMLInputElement).value;
    expect(['Aria', 'mar']).toContain(before);
    fireEvent.input(field, { target: { value: `${before}cus` } });
    await waitFor(() => expect(field).toHaveValue('marcus'));
  });

  it('starts fetching once the focus enters another field of its form', async () => {
    const load = vi.fn(() => Promise.resolve(RealField));
    const part = deferred<object>(load);
    render(
      <form>
        <label>
          Text
          <input />
        </label>
        <DeferredField code={part} placeholder={(wake) => <Placeholder wake={wake} />}>
          <part.Component />
        </DeferredField>
      </form>,
    );
    expect(load).not.toHaveBeenCalled();
    screen.getByRole('textbox', { name: 'Text' }).focus();
    expect(load).toHaveBeenCalledTimes(1);
    // Fetched, not drawn: the placeholder stays until the field itself is reached.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByRole('textbox', { name: 'Voice' })).toBeInTheDocument();
  });
});
