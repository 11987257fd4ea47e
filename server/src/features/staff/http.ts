import { errorBodySchema } from "@folio/contract/common";

/**
 * What every staff route's OpenAPI entry says. `security` names the least role the call needs
 * (OpenAPI 3.1 lets a bearer scheme list roles): the access suite reads it to know which calls a
 * librarian must be refused.
 */
export function staffDoc(needs: "librarian" | "admin") {
  return {
    tags: ["staff"],
    security: [{ bearer: [needs] }],
  };
}

export const staffFailures = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
