// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { historyEventsPath } from './contract/history-paths';
import { openHistoryStream } from './history-stream';

/** Records the streams the module opens; Node has no EventSource of its own. */
class RecordingEventSource {
  static readonly CLOSED = 2;
  static opened: RecordingEventSource[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    RecordingEventSource.opened.push(this);
  }
  addEventListener() {}
  close() {
    this.readyState = RecordingEventSource.CLOSED;
  }
}

beforeEach(() => {
  RecordingEventSource.opened = [];
  vi.stubGlobal('EventSource', RecordingEventSource);
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
    expect(RecordingEventSource.opened.map((source) => source.url)).toEqual([historyEventsPath]);
    close();
  });

  it('starts after the change the lists were read at, and opens again from there', () => {
    const close = openHistoryStream(handlers, 41);
    const [first] = RecordingEventSource.opened;
    expect(first!.url).toBe(`${historyEventsPath}?last_event_id=41`);
    // The gateway answered something other than a stream: the browser gave up on it.
    first!.readyState = RecordingEventSource.CLOSED;
    first!.onerror!();
    vi.runOnlyPendingTimers();
    expect(RecordingEventSource.opened[1]!.url).toBe(`${historyEventsPath}?last_event_id=41`);
    close();
  });
});
