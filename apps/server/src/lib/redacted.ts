import { inspect } from "node:util";

/**
 * A secret (a hot wallet's private key, ADR 057) that never prints: String(), JSON (and so the
 * logger), console.log and util.inspect all show "[redacted]"; only reveal() gives the value.
 */
export class Redacted<T = string> {
  readonly #value: T;

  constructor(value: T) {
    this.#value = value;
  }

  reveal(): T {
    return this.#value;
  }

  toString(): string {
    return "[redacted]";
  }

  toJSON(): string {
    return "[redacted]";
  }

  [inspect.custom](): string {
    return "[redacted]";
  }
}
