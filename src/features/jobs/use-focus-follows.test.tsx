import { render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusFollows } from './use-focus-follows';

function Item({ id }: { id: string }) {
  const ref = useRef<HTMLElement>(null);
  useFocusFollows(id, ref);
  return (
    <article ref={ref}>
      <a href={`/jobs/${id}`}>{id}</a>
      <button type="button" aria-label={`Remove ${id}`}>
        Remove
      </button>
    </article>
  );
}

/** Two lists, as the board's columns: each item is drawn anew in the list its state puts it in. */
function Lists({ queued, running }: { queued: string[]; running: string[] }) {
  return (
    <>
      <section aria-label="Queued">
        {queued.map((id) => (
          <Item key={id} id={id} />
        ))}
      </section>
      <section aria-label="Running">
        {running.map((id) => (
          <Item key={id} id={id} />
        ))}
      </section>
    </>
  );
}

describe('useFocusFollows', () => {
  it('keeps the focus on the same control of an item that moves to another list', () => {
    const view = render(<Lists queued={['a', 'b']} running={[]} />);
    screen.getByRole('button', { name: 'Remove b' }).focus();

    view.rerender(<Lists queued={['a']} running={['b']} />);

    const moved = screen.getByRole('button', { name: 'Remove b' });
    expect(moved.closest('section')).toHaveAccessibleName('Running');
    expect(moved).toHaveFocus();

    screen.getByRole('link', { name: 'a' }).focus();
    view.rerender(<Lists queued={[]} running={['b', 'a']} />);
    expect(screen.getByRole('link', { name: 'a' })).toHaveFocus();
  });

  it('leaves the focus where it is when the moved item did not have it', () => {
    const view = render(<Lists queued={['a', 'b']} running={[]} />);
    screen.getByRole('link', { name: 'a' }).focus();

    view.rerender(<Lists queued={['a']} running={['b']} />);

    expect(screen.getByRole('link', { name: 'a' })).toHaveFocus();
  });

  it('does not take the focus back for an item that went and came back later', () => {
    const view = render(<Lists queued={['a']} running={[]} />);
    screen.getByRole('link', { name: 'a' }).focus();
    view.rerender(<Lists queued={[]} running={[]} />);
    // Someone else's turn: the focus was somewhere else in the meantime.
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();

    view.rerender(<Lists queued={[]} running={['a']} />);

    expect(outside).toHaveFocus();
    outside.remove();
  });
});
