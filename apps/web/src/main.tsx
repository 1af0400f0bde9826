import "./styles/index.css";

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");
const root = container;

const boot = () => import("./boot").then(({ start }) => start(root));

if (root.dataset.prerendered) {
  // "/" arrives already rendered (see prerender.tsx): the app's code is fetched once that first
  // frame is painted, so it never holds the page back. Every other path starts at once (its
  // code is preloaded by index.html).
  // A button pressed before the app has adopted the page is pressed again once it has (links
  // work on their own).
  let pressed: HTMLButtonElement | null = null;
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    pressed = button;
  };
  root.addEventListener("click", hold, true);
  requestAnimationFrame(() =>
    setTimeout(() => {
      void boot().finally(() => {
        root.removeEventListener("click", hold, true);
        if (pressed?.isConnected) pressed.click();
      });
    }, 0),
  );
} else {
  void boot();
}
