import type { Api } from "./client";

/** The part of a JSON schema the fuzz reads to shape its inputs. */
export interface FieldSchema {
  type?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  anyOf?: FieldSchema[];
  items?: FieldSchema;
  properties?: Record<string, FieldSchema>;
}

/** One call of the API, as the OpenAPI document of the running server describes it. */
export interface Route {
  method: string;
  /** the path as documented, `{name}` where a path parameter goes */
  template: string;
  pathParams: string[];
  query: Record<string, FieldSchema>;
  /** the top-level fields of the JSON body; empty when the call takes no body */
  body: Record<string, FieldSchema>;
  requiredBody: string[];
  needsLogin: boolean;
}

interface Operation {
  security?: unknown[];
  parameters?: { in: string; name: string; schema?: FieldSchema }[];
  requestBody?: {
    content?: Record<string, { schema?: FieldSchema & { required?: string[] } }>;
  };
}

/**
 * Routes the OpenAPI document leaves out on purpose: /metrics answers as an unknown route
 * would unless called with METRICS_TOKEN, so a stranger cannot tell that it is there.
 */
export const hiddenRoutes: Route[] = [
  {
    method: "GET",
    template: "/metrics",
    pathParams: [],
    query: {},
    body: {},
    requiredBody: [],
    needsLogin: false,
  },
];

/**
 * Every route the server documents at /api/docs/json, then the hidden ones, so no call is left
 * out of the fuzz.
 */
export async function documentedRoutes(api: Api): Promise<Route[]> {
  const answer = await api.get<{ paths: Record<string, Record<string, Operation>> }>(
    "/api/docs/json",
  );
  if (answer.status !== 200) throw new Error(`OpenAPI document: ${answer.status}`);
  const documented = Object.entries(answer.body.paths).flatMap(([template, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const bodySchema = operation.requestBody?.content?.["application/json"]?.schema;
      return {
        method: method.toUpperCase(),
        template,
        pathParams: parameters.filter((p) => p.in === "path").map((p) => p.name),
        query: Object.fromEntries(
          parameters.filter((p) => p.in === "query").map((p) => [p.name, p.schema ?? {}]),
        ),
        body: bodySchema?.properties ?? {},
        requiredBody: bodySchema?.required ?? [],
        needsLogin: (operation.security?.length ?? 0) > 0,
      };
    }),
  );
  return [...documented, ...hiddenRoutes];
}

export const routeName = (route: Route): string => `${route.method} ${route.template}`;
