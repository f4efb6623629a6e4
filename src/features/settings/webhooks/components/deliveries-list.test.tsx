import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { WebhookDelivery } from '../../../../api/contract/notifications';
import { DeliveriesList } from './deliveries-list';

const now = Date.parse('2026-11-27T12:00:00Z');
const delivered: WebhookDelivery = {
  id: 'd2',
  message_id: 'msg_2',
  event_type: 'training.completed',
  entry_id: 'task_1',
  origin: 'event',
  status: 'succeeded',
  created_at: '2026-11-27T11:58:00Z',
  next_attempt_at: null,
  attempts: [
    {
      at: '2026-11-27T11:58:00Z',
      status_code: 503,
      duration_ms: 41,
      response_excerpt: '<h1>busy</h1>',
      error: null,
    },
    {
      at: '2026-11-27T11:59:00Z',
      status_code: 200,
      duration_ms: 12,
      response_excerpt: '{"ok":true}',
      error: null,
    },
  ],
};
const retrying: WebhookDelivery = {
  ...delivered,
  id: 'd1',
  event_type: 'webhook.test',
  entry_id: null,
  origin: 'test',
  status: 'pending',
  created_at: '2026-11-27T11:00:00Z',
  next_attempt_at: '2026-11-27T12:05:00Z',
  attempts: [
    {
      at: '2026-11-27T11:00:00Z',
      status_code: null,
      duration_ms: 10_000,
      response_excerpt: '',
      error: 'timed out after 10 s',
    },
  ],
};

describe('DeliveriesList', () => {
  it('shows each delivery’s event, status, attempts and when the next one is due', () => {
    render(
      <DeliveriesList
        deliveries={[delivered, retrying]}
        now={now}
        redeliveringId={null}
        onRedeliver={vi.fn()}
      />,
    );
    const list = screen.getByRole('list', { name: 'Deliveries' });
    const first = within(list).getByRole('listitem', { name: 'Training completed, 2 min ago' });
    expect(first).toHaveTextContent('Training completedtraining.completedSucceeded');
    expect(first).toHaveTextContent('Event · 2 min ago · 2 attempts');
    const attempts = within(first).getByRole('list', {
      name: 'Attempts of Training completed, 2 min ago',
    });
    const [failed, ok] = within(attempts).getAllByRole('listitem');
    expect(failed).toHaveTextContent('HTTP 503 · 41 ms · 2 min ago');
    // The receiver's answer is text, never markup.
    expect(failed!.querySelector('pre')).toHaveTextContent('<h1>busy</h1>');
    expect(failed!.querySelector('h1')).toBeNull();
    expect(ok).toHaveTextContent('HTTP 200 · 12 ms');
    expect(ok!.querySelector('pre')).toHaveTextContent('{"ok":true}');

    const second = within(list).getByRole('listitem', { name: 'Test event, 1 h ago' });
    expect(second).toHaveTextContent('Pending');
    expect(second).toHaveTextContent('Test · 1 h ago · 1 attempt · Next attempt in 5 min');
    expect(second).toHaveTextContent('No answer · 10000 ms');
    expect(second).toHaveTextContent('timed out after 10 s');
    expect(second.querySelector('pre')).toBeNull();
  });

  it('counts a retry seconds away in seconds, and one already due as now', () => {
    const soon = { ...retrying, id: 'd3', next_attempt_at: '2026-11-27T12:00:15Z' };
    const due = { ...retrying, id: 'd4', next_attempt_at: '2026-11-27T11:59:59Z' };
    render(
      <DeliveriesList
        deliveries={[soon, due]}
        now={now}
        redeliveringId={null}
        onRedeliver={vi.fn()}
      />,
    );
    const [first, second] = within(screen.getByRole('list', { name: 'Deliveries' })).getAllByRole(
      'listitem',
      { name: /^Test event/ },
    );
    expect(first).toHaveTextContent('Next attempt in 15 s');
    expect(second).toHaveTextContent('Next attempt now');
  });

  it('sends one again on Redeliver, holding its button meanwhile', async () => {
    const onRedeliver = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(
      <DeliveriesList
        deliveries={[delivered, retrying]}
        now={now}
        redeliveringId={null}
        onRedeliver={onRedeliver}
      />,
    );
    await user.click(
      screen.getByRole('button', { name: 'Redeliver Training completed, 2 min ago' }),
    );
    expect(onRedeliver).toHaveBeenCalledWith(delivered);
    rerender(
      <DeliveriesList
        deliveries={[delivered, retrying]}
        now={now}
        redeliveringId="d2"
        onRedeliver={onRedeliver}
      />,
    );
    const held = screen.getByRole('button', { name: 'Redeliver Training completed, 2 min ago' });
    expect(held).toHaveAttribute('aria-disabled', 'true');
    await user.click(held);
    expect(onRedeliver).toHaveBeenCalledTimes(1);
  });

  it('offers no Redeliver to someone who may only look', () => {
    render(<DeliveriesList deliveries={[delivered]} now={now} redeliveringId={null} />);
    expect(screen.getByRole('listitem', { name: 'Training completed, 2 min ago' })).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says how to get one when there are none', () => {
    render(
      <DeliveriesList deliveries={[]} now={now} redeliveringId={null} onRedeliver={vi.fn()} />,
    );
    expect(screen.getByText(/No deliveries yet\. Send a test event/)).toBeInTheDocument();
  });
});
