import type { FastifyRequest } from "fastify";
import type { AuthUser } from "../accounts";

// The member of staff behind each /api/admin/ request, checked once as it arrives (routes.ts's
// onRequest hook) and read by the handler: the session is read once per request, not twice.
const callers = new WeakMap<FastifyRequest, AuthUser>();

export function rememberStaff(request: FastifyRequest, user: AuthUser): void {
  callers.set(request, user);
}

/** The staff caller of a request the hook let through. */
export function staffOf(request: FastifyRequest): AuthUser {
  const user = callers.get(request);
  // Only a route registered outside the staff plugin could get here: a bug, not a caller's fault.
  if (!user) throw new Error("staffOf: the request did not pass the staff check");
  return user;
}
