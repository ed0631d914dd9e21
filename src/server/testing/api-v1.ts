import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { API_SCOPES } from "../../contract/api-keys.js";
import { apiCaller, bearer } from "./app.js";

type Method = "GET" | "POST" | "PATCH" | "DELETE";

/** Calls to the public API (/api/v1) as a key (its secret) or nobody, and a maker of the host's keys. */
export function v1Client(app: () => FastifyInstance) {
  const call = apiCaller(app);
  return {
    call,
    v1: (secret: string | null, method: Method, url: string, payload?: object, headers = {}) =>
      app().inject({
        method,
        url: `/api/v1${url}`,
        headers: { ...(secret ? bearer(secret) : {}), ...headers },
        payload,
      }),
    /** A key of the signed-in host (`token`), with every permission unless told. */
    async keyFor(host: { token: string }, scopes: readonly string[] = API_SCOPES, extra = {}) {
      const res = await call(host.token, "POST", "/api-keys", { name: "test", scopes, ...extra });
      expect(res.status, res.raw).toBe(201);
      return res.body.data as { _id: string; secret: string };
    },
  };
}
