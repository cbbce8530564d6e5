"""The web page and the API docs under the Content-Security-Policy, end to end (a live service and a real
headless Chromium, as in ``test_web_page``): every operation of the docs renders, the page and its files carry
the security headers, and an injected inline script is blocked."""

from __future__ import annotations

import contextlib

with contextlib.suppress(ImportError):  # without Playwright, the fixtures (conftest.py) skip, or fail, first
    from playwright.sync_api import Browser, Page, expect

from web_page import LAPTOP, _find, _new_page, _open, _shots, _type_codes

# -- the API docs and the security headers -----------------------------------------------------------------


class ConsoleErrors:
    """Console errors on a page: a Content-Security-Policy violation shows as one."""

    def __init__(self, page: Page) -> None:
        self.errors: list[str] = []
        page.on("console", lambda message: self.errors.append(message.text) if message.type == "error" else None)


def test_the_api_docs_render_every_operation_under_the_policy(browser: Browser, server: str) -> None:
    page, errors = _new_page(browser, LAPTOP)
    console = ConsoleErrors(page)
    elsewhere: list[str] = []
    page.on("request", lambda r: elsewhere.append(r.url) if not r.url.startswith(server) else None)
    try:
        with page.expect_response(lambda r: r.url == server + "/docs") as answer:
            page.goto(server + "/docs")
        headers = answer.value.headers
        assert "script-src 'self'" in headers["content-security-policy"]
        operations = page.locator(".opblock")
        expect(operations.first).to_be_visible()
        paths = page.locator(".opblock-summary-path").all_inner_texts()
        assert {"/v1/hardback/hint", "/v1/paperback/hint", "/v1/cards", "/healthz"} <= {p.strip() for p in paths}
        expect(page.locator(".info .title")).to_contain_text("Ghostwriter")
        expect(page.locator(".info .title")).to_contain_text("OAS 3.1")
        expect(page.locator("body")).not_to_contain_text("Unable to render")
        # try one call from the docs: Swagger UI's fetch is allowed by connect-src 'self'
        page.locator('.opblock-summary-path[data-path="/healthz"]').click()
        page.locator(".try-out__btn").first.click()
        page.locator(".btn.execute").first.click()
        expect(page.locator(".live-responses-table tbody .response-col_status").first).to_contain_text("200")
        page.screenshot(path=str(_shots() / "docs-laptop.png"))
    finally:
        page.context.close()
    assert errors.errors == [], f"JavaScript errors on the docs page: {errors.errors}"
    assert console.errors == [], f"console errors (a CSP violation?) on the docs page: {console.errors}"
    assert elsewhere == [], f"the docs fetched from elsewhere: {elsewhere}"


def test_the_page_and_its_files_carry_the_security_headers(browser: Browser, server: str) -> None:
    page, errors = _new_page(browser, LAPTOP)
    console = ConsoleErrors(page)
    answers: dict[str, dict[str, str]] = {}
    page.on("response", lambda r: answers.__setitem__(r.url.replace(server, ""), r.headers))
    try:
        _open(page, server)
        _type_codes(page, "r:F6 E S T")
        _find(page)
        expect(page.locator("#results .move").first).to_be_visible()
    finally:
        page.context.close()
    assert {"/", "/static/app.js", "/static/style.css", "/v1/cards?rules=printed", "/v1/hardback/hint"} <= set(answers)
    for url, headers in answers.items():
        assert headers.get("content-security-policy", "").startswith("default-src 'self'"), url
        assert headers.get("x-content-type-options") == "nosniff", url
        assert headers.get("referrer-policy") == "no-referrer", url
        assert headers.get("x-frame-options") == "DENY", url
    assert errors.errors == [] and console.errors == [], (errors.errors, console.errors)


def test_the_policy_blocks_an_injected_inline_script(browser: Browser, server: str) -> None:
    """What the CSP is for: a script that found its way into the page does not run, and the tests notice."""
    page, errors = _new_page(browser, LAPTOP)
    try:
        _open(page, server)
        page.evaluate("""() => {
            const script = document.createElement("script");
            script.textContent = "window.injected = true";
            document.body.append(script);
        }""")
        page.wait_for_function("() => true")
        assert page.evaluate("window.injected === undefined"), "an inline script ran"
        page.wait_for_timeout(200)
    finally:
        page.context.close()
    assert any("Content Security Policy" in e for e in errors.errors), errors.errors
