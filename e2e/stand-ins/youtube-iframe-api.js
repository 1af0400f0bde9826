// A local stand-in for YouTube's IFrame Player API (https://www.youtube.com/iframe_api), served by
// e2e/server.mjs: the journeys set YOUTUBE_IFRAME_API_URL to it, so they never reach the network.
// It implements what the watch page uses — YT.Player(element, { events: { onReady,
// onStateChange, onError } }) with playVideo, pauseVideo, seekTo, getCurrentTime, getPlayerState,
// getDuration, destroy — and plays for real: the position advances with real time while PLAYING.
// A journey drives it through window.__ytStandIn: play(), pause(), end(), seekTo(s), error(code).
(() => {
  const State = { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 };
  const DURATION = 600;
  const players = new Set();

  class Player {
    constructor(element, options = {}) {
      this.element = typeof element === "string" ? document.getElementById(element) : element;
      this.events = options.events ?? {};
      this.state = State.UNSTARTED;
      this.base = 0;
      this.since = 0;
      this.destroyed = false;
      players.add(this);
      setTimeout(() => {
        if (this.destroyed) return;
        this.events.onReady?.({ target: this });
        // The embed asks for autoplay (muted): it starts playing once ready.
        this.playVideo();
      }, 50);
    }
    emit(state) {
      this.state = state;
      this.events.onStateChange?.({ target: this, data: state });
    }
    getCurrentTime() {
      if (this.state !== State.PLAYING) return this.base;
      return Math.min(DURATION, this.base + (performance.now() - this.since) / 1000);
    }
    getDuration() {
      return DURATION;
    }
    getPlayerState() {
      return this.state;
    }
    playVideo() {
      if (this.destroyed || this.state === State.PLAYING) return;
      this.since = performance.now();
      this.emit(State.PLAYING);
    }
    pauseVideo() {
      if (this.state !== State.PLAYING) return;
      this.base = this.getCurrentTime();
      this.emit(State.PAUSED);
    }
    seekTo(seconds) {
      this.base = Math.max(0, Math.min(DURATION, Number(seconds)));
      this.since = performance.now();
    }
    stopVideo() {
      this.base = this.getCurrentTime();
      this.emit(State.ENDED);
    }
    destroy() {
      this.destroyed = true;
      players.delete(this);
    }
  }

  const each = (fn) => {
    for (const player of players) fn(player);
  };
  window.__ytStandIn = {
    players: () => players.size,
    play: () => each((p) => p.playVideo()),
    pause: () => each((p) => p.pauseVideo()),
    end: () => each((p) => p.stopVideo()),
    seekTo: (seconds) => each((p) => p.seekTo(seconds)),
    error: (code) => each((p) => p.events.onError?.({ target: p, data: code })),
    position: () => {
      for (const p of players) return p.getCurrentTime();
      return null;
    },
  };
  window.YT = { Player, PlayerState: State, loaded: 1 };
  setTimeout(() => window.onYouTubeIframeAPIReady?.(), 0);
})();
