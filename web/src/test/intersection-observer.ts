import { vi } from "vitest";

/** A controllable IntersectionObserver: jsdom has none and does no layout. */
export class FakeIntersectionObserver {
  static instances = new Set<FakeIntersectionObserver>();
  readonly callback: IntersectionObserverCallback;
  readonly options: IntersectionObserverInit | undefined;
  readonly targets = new Set<Element>();

  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.callback = callback;
    this.options = options;
    FakeIntersectionObserver.instances.add(this);
  }

  observe(target: Element) {
    this.targets.add(target);
  }

  unobserve(target: Element) {
    this.targets.delete(target);
  }

  disconnect() {
    this.targets.clear();
    FakeIntersectionObserver.instances.delete(this);
  }

  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  /** Reports every observed element as scrolled into (or near) view. */
  static intersectAll() {
    for (const observer of [...FakeIntersectionObserver.instances]) {
      const entries = [...observer.targets].map(
        (target) =>
          ({ target, isIntersecting: true, intersectionRatio: 1 }) as IntersectionObserverEntry,
      );
      if (entries.length > 0)
        observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  }
}

export function installFakeIntersectionObserver() {
  FakeIntersectionObserver.instances.clear();
  vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
}
