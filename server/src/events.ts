import type { AppContext, DomainEvents, EventHandler, EventHandlers, EventName } from "./context";
import type { Transaction } from "./db/client";

/**
 * Tells the app's handlers of `name` what happened, one after the other, inside `tx`: what they
 * write commits or rolls back with the change itself. No queue and no retry: a handler that
 * throws fails the call that announced.
 */
export async function announce<E extends EventName>(
  ctx: AppContext,
  tx: Transaction,
  name: E,
  event: DomainEvents[E],
): Promise<void> {
  const handlers = ctx.events[name] as readonly EventHandler<E>[];
  for (const handler of handlers) await handler(ctx, tx, event);
}

/** Partial lists of handlers, merged in order: the app's own first, then each extra set. */
export type SomeEventHandlers = { [E in EventName]?: readonly EventHandler<E>[] };

export function eventHandlers(...sets: SomeEventHandlers[]): EventHandlers {
  const merged = <E extends EventName>(name: E): EventHandler<E>[] =>
    sets.flatMap((set) => set[name] ?? []);
  return {
    loanClosed: merged("loanClosed"),
    accountDeleted: merged("accountDeleted"),
  };
}
