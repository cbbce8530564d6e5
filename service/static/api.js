/* The service's /v1 API: GET or POST JSON, every failure as an Error whose message is the service's sentence. */

function failure(message, extra) {
  const error = new Error(message);
  error.field = null;
  return Object.assign(error, extra);
}

/** The answer's response and text; a network failure or a cancel as an Error. */
async function send(path, init, signal) {
  try {
    const response = await fetch(path, init);
    return { response, text: await response.text() };
  } catch (err) {
    if (signal && signal.aborted) throw failure("The search was cancelled.", { aborted: true });
    throw failure(`Could not reach the Ghostwriter service (${err && err.message ? err.message : "network error"}). Check the connection and try again.`);
  }
}

/** GET (no ``body``) or POST JSON; throws an Error whose message is the service's "error" sentence, with the
    field it names (``aborted`` set when ``signal`` cancelled the request). ``headers``: more headers (a table
    seat's Authorization). */
export async function api(path, body, signal, headers = {}) {
  const init = body === undefined
    ? { headers: { Accept: "application/json", ...headers }, signal }
    : { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json", ...headers },
        body: JSON.stringify(body), signal };
  const { response, text } = await send(path, init, signal);
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

/** POST JSON and read an answer of JSON Lines (a Paperback hand's every word: ``"top": "all"``): the lines but the
    last, and the last (the summary, ``done`` true). Errors as ``api``'s. */
export async function apiLines(path, body, signal) {
  const init = { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/x-ndjson" },
    body: JSON.stringify(body), signal };
  const { response, text } = await send(path, init, signal);
  if (!response.ok) {
    let payload = null;
    try { payload = JSON.parse(text); } catch (_err) { payload = null; }
    const message = payload && typeof payload.error === "string" ? payload.error : `The service answered ${response.status}.`;
    throw failure(message, { field: payload && payload.field ? payload.field : null, status: response.status });
  }
  const lines = text.split("\n").filter((line) => line.trim() !== "").map((line) => JSON.parse(line));
  const last = lines.pop();
  if (!last || last.done !== true) throw failure("The service's list of every word ended early.");
  return { words: lines, summary: last };
}
