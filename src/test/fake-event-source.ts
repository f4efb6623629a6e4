/**
 * The browser's EventSource, driven by the test: one instance per opened stream, recorded in
 * `opened`. Install it with `vi.stubGlobal('EventSource', FakeEventSource)` after clearing
 * `opened`.
 */
export class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** A `history` event from the gateway, with its id. */
  push(event: unknown, id: string) {
    this.dispatchEvent(
      new MessageEvent('history', { data: JSON.stringify(event), lastEventId: id }),
    );
  }
}
