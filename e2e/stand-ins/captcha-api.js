// A local stand-in for hCaptcha's and Cloudflare Turnstile's explicit-render API (the journeys run
// offline; e2e/server.mjs serves it and a siteverify stand-in that passes its one token). Its
// widget is a button; pressing it calls the page's callback with the token, as the real widget
// does once its challenge is passed. window.__captchaStandIn.expire() calls the expired callback.
(() => {
  const TOKEN = "stand-in-human-token";
  const widgets = new Map();
  let next = 1;
  const api = {
    render(container, options) {
      const id = next++;
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = "I am a person (stand-in check)";
      button.className = "rounded-md border px-3 py-2 text-sm";
      button.addEventListener("click", () => {
        button.disabled = true;
        button.textContent = "Checked (stand-in)";
        options.callback?.(TOKEN);
      });
      container.append(button);
      widgets.set(id, { button, options });
      return id;
    },
    remove(id) {
      widgets.get(id)?.button.remove();
      widgets.delete(id);
    },
  };
  window.hcaptcha = api;
  window.turnstile = api;
  window.__captchaStandIn = {
    expire() {
      for (const { button, options } of widgets.values()) {
        button.disabled = false;
        button.textContent = "I am a person (stand-in check)";
        options["expired-callback"]?.();
      }
    },
  };
})();
