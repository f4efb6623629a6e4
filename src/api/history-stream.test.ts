// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { historyEventsPath } from './contract/history-paths';
import { FakeEventSource } from '../test/fake-event-source';
import { openHistoryStream } from './history-stream';
import type { HistoryEvent } from './contract/history';
import { historyEntryOf } from '../test/history-entry';

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const handlers = { onEvent: () => {}, onState: () => {} };

describe('openHistoryStream', () => {
  it('starts from now when the tab has read nothing yet', () => {
    const close = openHistoryStream(handlers);
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual([historyEventsPath]);
    close();
  });

  it('starts after the change the lists were read at, and opens again from there', () => {
    const close = openHistoryStream(handlers, 41);
    const [first] = FakeEventSource.opened;
    expect(first!.url).toBe(`${historyEventsPath}?last_event_id=41`);
    // The gateway answered something other than a stream: the browser gave up on it.
    first!.readyState = FakeEventSource.CLOSED;
    first!.onerror!();
    vi.runOnlyPendingTimers();
    expect(FakeEventSource.opened[1]!.url).toBe(`${historyEventsPath}?last_event_id=41`);
    close();
  });

  it('delivers the events in the order they came, those the contract must judge included', async () => {
    vi.useRealTimers();
    const events: HistoryEvent[] = [];
    const close = openHistoryStream({ ...handlers, onEvent: (event) => events.push(event) });
    const stream = FakeEventSource.opened[0]!;
    const entry = historyEntryOf({ id: 'task_1', kind: 'voice', name: 'narrator' });
    // Unknown to the hand check: zod judges it (and drops the field it does not know).
    stream.push({ type: 'upsert', entry: { ...entry, mood: 'calm' } }, '1');
    stream.push({ type: 'delete', id: 'task_0' }, '2');
    stream.push({ type: 'moved', id: 'task_2' }, '3');
    stream.push({ type: 'upsert', entry: { ...entry, kind: 'song' } }, '4');
    stream.push({ type: 'reset' }, '5');
    await vi.waitFor(() => expect(events).toHaveLength(3));
    expect(events).toEqual([
      { type: 'upsert', entry },
      { type: 'delete', id: 'task_0' },
      { type: 'reset' },
    ]);
    close();
  });

  it('delivers nothing once closed', async () => {
    vi.useRealTimers();
    const onEvent = vi.fn();
    const close = openHistoryStream({ ...handlers, onEvent });
    FakeEventSource.opened[0]!.push({ type: 'reset' }, '1');
    close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onEvent).not.toHaveBeenCalled();
  });
});
