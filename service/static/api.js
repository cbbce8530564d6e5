/* The service's /v1 API: GET or POST JSON, every failure as an Error whose message is the service's sentence. */

function failure(message, extra) {
  const error = new Error(message);
  error.field = null;
  return Object.assign(error, extra);
}

/** GET (no ``body``) or POST JSON; throws an Error whose message is the service's "error" sentence, with the
    field it names (``aborted`` set when ``signal`` cancelled the request). */
export async function api(path, body, signal) {
  const init = body === undefined
    ? { headers: { Accept: "application/json" }, signal }
    : { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body), signal };
  let response;
  let text;
  try {
    response = await fetch(path, init);
    text = await response.text();
  } catch (err) {
    if (signal && signal.aborted) throw failure("The search was cancelled.", { aborted: true });
    throw failure(`Could not reach the Ghostwriter service (${err && err.message ? err.message : "network error"}). Check the connection and try again.`);
  }
  let payload = null;
  try {
    payload = text ? JSON.parse(text) : null;
  } catch (_err) {
    payload = null;
  }
  if (!response.ok) {
    let message = `The service answered ${response.status} ${response.statusText || ""}`.trim() + ".";
    let field = null;
    if (payload && typeof payload.error === "string") {
      message = payload.error;
      field = payload.field || null;
    } else if (payload && payload.detail) {
      message = typeof payload.detail === "string" ? payload.detail : JSON.stringify(payload.detail);
    }
    throw failure(message, { field, status: response.status });
  }
  if (payload === null) throw failure("The service sent an answer that is not JSON.");
  return payload;
}
