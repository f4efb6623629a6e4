// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { historyEventsPath } from './contract/history-paths';
import { FakeEventSource } from '../test/fake-event-source';
import { openHistoryStream } from './history-stream';

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
});
