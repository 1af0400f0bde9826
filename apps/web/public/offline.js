// The offline page (dist/offline.html, written by vite.config.ts): shows the member's language —
// the stored choice (vv-lang), else the browser's — and theme (vv-theme), as index.html does.
(() => {
  const d = document.documentElement;
  let lang = null;
  let theme = null;
  try {
    lang = localStorage.getItem("vv-lang");
    theme = localStorage.getItem("vv-theme");
  } catch {}
  if (lang !== "en" && lang !== "pt-BR") {
    lang = /^pt\b/i.test(navigator.language || "") ? "pt-BR" : "en";
  }
  if (theme !== "light" && theme !== "dark") {
    theme = window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  d.classList.toggle("dark", theme === "dark");
  d.lang = lang;
  for (const main of document.querySelectorAll("main[lang]")) {
    const shown = main.getAttribute("lang") === lang;
    main.hidden = !shown;
    if (shown) document.title = `${main.getAttribute("data-title")} · ViewVault`;
  }
  for (const button of document.querySelectorAll("[data-retry]")) {
    button.addEventListener("click", () => location.reload());
  }
})();
