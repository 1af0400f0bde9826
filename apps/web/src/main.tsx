import "./styles/index.css";

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");
const root = container;

const boot = () => import("./boot").then(({ start }) => start(root));

/**
 * Loads the app's files the document lists, all at once (not import after import), and runs each
 * as it arrives: the app's code then runs in many short tasks instead of one long one, and no
 * `<link>` is added to the head (each costs a phone a style pass over the whole page). Then `next`.
 */
function loadCode(list: string | undefined, next: () => void) {
  const files = (list?.split(" ") ?? []).filter((href) => /^\/assets\/[\w.-]+\.js$/.test(href));
  // A file that fails is fetched again by the import that needs it (boot's, or the page's).
  void Promise.allSettled(files.map((href) => import(/* @vite-ignore */ href))).then(next);
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
  // frame back.
  requestAnimationFrame(() => setTimeout(() => loadCode(root.dataset.code, adopt), 0));
} else {
  void boot();
}
