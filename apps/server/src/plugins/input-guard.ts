import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/app-error";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route reads its raw body and checks it itself (Better Auth's bridge). */
    ownBodyCheck?: boolean;
  }
}

/** How deep a JSON body may nest; no contract comes close (the deepest is 3). */
export const MAX_JSON_DEPTH = 32;

/**
 * What is wrong with a JSON text before it is parsed, in one pass with no recursion (so a body
 * nested 200,000 deep cannot exhaust the stack): "depth" when arrays/objects nest deeper than
 * `maxDepth`, "nul" when a string or key holds a NUL character (`\u0000`); otherwise null.
 * Syntax errors are left to JSON.parse.
 */
export function jsonTextProblem(text: string, maxDepth = MAX_JSON_DEPTH): "depth" | "nul" | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return "nul";
    if (inString) {
      if (c === 0x5c /* \ */) {
        if (text.charCodeAt(i + 1) === 0x75 /* u */ && text.startsWith("0000", i + 2)) return "nul";
        i++; // the escaped character cannot end the string
      } else if (c === 0x22 /* " */) {
        inString = false;
      }
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxDepth) return "depth";
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return null;
}

/** The 400 for a JSON text that `jsonTextProblem` refuses. */
export function jsonProblemError(problem: "depth" | "nul"): AppError {
  return problem === "depth"
    ? new AppError(
        "VALIDATION_FAILED",
        { context: "jsonDepth", max: MAX_JSON_DEPTH },
        { field: "body" },
      )
    : new AppError("VALIDATION_FAILED", { context: "nul" }, { field: "body" });
}

/** True for undefined, "", and {}: what a client may send to a route that takes no body. */
function isEmptyBody(body: unknown): boolean {
  if (body === undefined || body === "") return true;
  return (
    typeof body === "object" &&
    body !== null &&
    !Array.isArray(body) &&
    Object.keys(body as object).length === 0
  );
}

/**
 * Hostile input stops at the edge, once, for every route: a URL whose path or query holds a NUL
 * (PostgreSQL refuses NUL in text and answered 500), a JSON body nested deeper than
 * MAX_JSON_DEPTH or with a NUL in any string or key, and a body sent to a route that takes none.
 * Each is a 400 VALIDATION_FAILED before any route code runs.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  // Callback-style hooks: every request pays for them, and a promise each is not free (ADR 039).
  app.addHook("onRequest", (request, _reply, done) => {
    // %00 is the only way a NUL reaches a decoded path or query parameter.
    if (request.url.includes("%00") || request.url.includes("\u0000")) {
      done(new AppError("VALIDATION_FAILED", { context: "nul" }, { field: "url" }));
      return;
    }
    done();
  });

  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const problem = jsonTextProblem(body as string);
    if (problem) {
      done(jsonProblemError(problem), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });

  app.addHook("preValidation", (request, _reply, done) => {
    const route = request.routeOptions;
    if (
      request.is404 ||
      route.schema?.body ||
      route.config?.ownBodyCheck ||
      isEmptyBody(request.body)
    ) {
      done();
      return;
    }
    done(new AppError("VALIDATION_FAILED", { context: "noBody" }, { field: "body" }));
  });
});
