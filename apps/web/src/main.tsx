import "./styles/index.css";

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");
const root = container;

const boot = () => import("./boot").then(({ start }) => start(root));

/** `<link rel="modulepreload">` for each of the app's files the document lists. */
function preloadCode(list: string | undefined) {
  for (const href of list?.split(" ") ?? []) {
    if (!/^\/assets\/[\w.-]+\.js$/.test(href)) continue;
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.append(link);
  }
}

if (root.dataset.prerendered || root.dataset.rendered) {
  // The page arrives already rendered: "/" at build time, a member page by the server (see
  // server-render.tsx). A button pressed before the app has adopted the page is pressed again
  // once it has (links work on their own).
  let pressed: HTMLButtonElement | null = null;
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    pressed = button;
  };
  root.addEventListener("click", hold, true);
  const adopt = () =>
    void boot().finally(() => {
      root.removeEventListener("click", hold, true);
      if (pressed?.isConnected) pressed.click();
    });
  // The app's code is fetched once the page's first frame is painted, so it never holds that
  // frame back: all its files at once (the document lists them), not import after import.
  requestAnimationFrame(() =>
    setTimeout(() => {
      preloadCode(root.dataset.code);
      adopt();
    }, 0),
  );
} else {
  void boot();
}
