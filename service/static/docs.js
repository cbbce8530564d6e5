/* The API docs at /docs: Swagger UI 5 (it reads OpenAPI 3.1) over the service's own /openapi.json. This start-up
   lives in a file of its own, not inline in docs.html, so that the Content-Security-Policy can refuse every
   inline script. URLs are relative to the page, so the docs also work behind a proxy that adds a path prefix. */
(() => {
  "use strict";
  window.SwaggerUIBundle({
    url: new URL("openapi.json", document.baseURI).href,
    dom_id: "#swagger-ui",
    layout: "BaseLayout",
    deepLinking: true,
    showExtensions: true,
    showCommonExtensions: true,
    validatorUrl: null, // never ask an outside validator about the description
    presets: [window.SwaggerUIBundle.presets.apis],
  });
})();
