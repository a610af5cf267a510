// Starts Swagger UI on the element #swagger-ui, reading the address of the OpenAPI document from its
// data-url attribute (a file of its own: the page's Content-Security-Policy allows no inline script).
(function () {
  "use strict";
  var element = document.getElementById("swagger-ui");
  if (!element || typeof window.SwaggerUIBundle !== "function") {
    return;
  }
  window.ui = window.SwaggerUIBundle({
    url: element.getAttribute("data-url"),
    dom_id: "#swagger-ui",
    deepLinking: true,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
    validatorUrl: null,
  });
})();
