import { vi } from "vitest";

/** A stand-in for EventSource: tests push server events with `emit`. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  /** 0 connecting, 1 open, 2 closed (the browser will not retry). */
  readyState = 0;
  private listeners = new Map<string, Set<(event: MessageEvent) => void>>();

  constructor(url: string | URL) {
    this.url = String(url);
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(listener);
  }

  removeEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.get(type)?.delete(listener);
  }

  close() {
    this.closed = true;
    this.readyState = 2;
  }

  /** The server answered something other than a stream (e.g. 502): the browser gives up. */
  fail() {
    this.readyState = 2;
    for (const listener of this.listeners.get("error") ?? []) listener(new MessageEvent("error"));
  }

  /** Delivers one server-sent event of `type` with a JSON body. */
  emit(type: string, data: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  /** The open connections to `url`. */
  static open(url: string): FakeEventSource[] {
    return FakeEventSource.instances.filter((s) => s.url === url && !s.closed);
  }
}

/** Installs FakeEventSource as the global EventSource (undone by vi.unstubAllGlobals). */
export function installFakeEventSource() {
  FakeEventSource.instances = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  return FakeEventSource;
}
