// The browser loader of Sig: checks for WebAssembly and WebGL 2, downloads sig.wasm while
// showing how much has arrived, compiles it as it streams in, starts the Go program and hides
// the loading screen when the game has drawn its first frame.
//
// The game tells the page about its first frame by calling globalThis.sigFirstFrame() (from
// scenes/firstframe_js.go). The time of that frame since navigation is logged to the console
// as "sig: first frame …" and kept in document.documentElement.dataset.sigFirstFrameMs, which
// is what the browser smoke test and BENCHMARKS.md read. The stages before it are kept beside
// it (ms after navigation): sigFetchMs (the response to sig.wasm began), sigDownloadedMs,
// sigLoadedMs (compiled and instantiated), sigRunMs (the Go program started), and, from the
// game, sigMarkInit (package initialisation done), sigMarkUpdate, sigMarkDraw (the first
// Update and Draw began) and sigFirstDrawMs (the first Draw ended).
//
// Once the first frame is up it registers the service worker (sw.js), which caches this build
// so that the next visit starts without the network; and when this build is not the one this
// browser ran last, it says so in a small note (data-sig-updated then holds the old build's id)
// until the player's first tap or key, or for a few seconds.
(() => {
  'use strict';

  // The game's file, named by its content by build.sh.
  const wasmMeta = document.querySelector('meta[name="sig-wasm"]');
  const WASM_URL = (wasmMeta && wasmMeta.content) || 'sig.wasm';
  const buildMeta = document.querySelector('meta[name="sig-build"]');
  const BUILD = buildMeta ? buildMeta.content : '';
  // Query parameters passed to the game as flags (?game=seega&players=2 → -game=seega -players=2).
  const FLAGS = ['game', 'players', 'seats', 'seed', 'lang'];

  const $ = (id) => document.getElementById(id);
  const loader = $('sig-loader');
  const progress = $('sig-progress');
  const bar = $('sig-bar');
  const fill = $('sig-fill');
  const statusLine = $('sig-status');
  const root = document.documentElement;

  progress.hidden = false;
  if (globalThis.sigLayout) {
    globalThis.sigLayout(); // the progress bar takes room below the games
  }

  function setState(state) {
    root.dataset.sigState = state;
  }

  function mb(bytes) {
    return (bytes / 1e6).toFixed(1);
  }

  // SAY is the progress line's words in the first screen's language (index.html picks it).
  const SAY = {
    en: { loading: 'Loading…', of: (a, b) => a + ' of ' + b + ' MB', mb: (a) => a + ' MB',
      s: (n) => 'about ' + n + ' s left', min: (n) => 'about ' + n + ' min left', starting: 'Starting…' },
    fr: { loading: 'Chargement…', of: (a, b) => a + ' sur ' + b + ' Mo', mb: (a) => a + ' Mo',
      s: (n) => 'encore ' + n + ' s environ', min: (n) => 'encore ' + n + ' min environ', starting: 'Démarrage…' },
    ar: { loading: 'جارٍ التحميل…', of: (a, b) => a + ' من ' + b + ' ميغابايت', mb: (a) => a + ' ميغابايت',
      s: (n) => 'بقي نحو ' + n + ' ث', min: (n) => 'بقي نحو ' + n + ' دقيقة', starting: 'جارٍ البدء…' },
  };
  const say = SAY[root.dataset.sigLang] || SAY.en;

  // onWire is the size of the download as it travels (compressed), when the server says it;
  // the bar counts unpacked bytes, but the line shows what the player actually downloads.
  let onWire = 0;

  // The download's pace over its last few seconds, for the time left: samples of (time,
  // fraction done), the oldest dropped once more than 3 s old.
  const pace = [];

  // timeLeft says how long the rest of the download should take at the recent pace, or ''
  // while the pace is not known yet (under half a second of it).
  function timeLeft(fraction) {
    const now = performance.now();
    pace.push([now, fraction]);
    while (pace.length > 2 && now - pace[1][0] > 3000) {
      pace.shift();
    }
    const [t0, f0] = pace[0];
    if (now - t0 < 500 || fraction <= f0 || fraction >= 1) {
      return '';
    }
    const left = (1 - fraction) * (now - t0) / (fraction - f0) / 1000;
    return left > 90 ? say.min(Math.round(left / 60)) : say.s(Math.max(1, Math.round(left)));
  }

  // showProgress shows loaded of total bytes; total 0 means unknown (an open-ended bar).
  function showProgress(loaded, total) {
    if (total > 0) {
      const fraction = Math.min(1, loaded / total);
      const pct = Math.round(fraction * 100);
      bar.classList.remove('open');
      fill.style.width = pct + '%';
      bar.setAttribute('aria-valuenow', String(pct));
      const left = timeLeft(fraction);
      statusLine.textContent = say.loading + ' ' + (onWire > 0 ? say.of(mb(fraction * onWire), mb(onWire)) : pct + '%') +
        (left ? ' · ' + left : '');
      root.dataset.sigLeft = left;
    } else {
      bar.classList.add('open');
      bar.removeAttribute('aria-valuenow');
      statusLine.textContent = say.loading + ' ' + say.mb(mb(loaded));
    }
  }

  function showStatus(text) {
    statusLine.textContent = text;
  }

  // problem replaces the loading bar with a friendly explanation; retry offers a reload (or,
  // when the address asked for something, the title screen: reloading would ask again).
  function problem(title, text, retry) {
    setState('problem');
    progress.hidden = true;
    $('sig-problem').hidden = false;
    $('sig-problem-title').textContent = title;
    $('sig-problem-text').textContent = text;
    const button = $('sig-retry');
    button.hidden = !retry;
    if (retry) {
      const fresh = location.search !== '';
      button.textContent = fresh ? 'Open the title screen' : 'Try again';
      button.onclick = () => {
        if (fresh) {
          location.href = location.pathname;
        } else {
          location.reload();
        }
      };
      button.focus();
    }
    loader.classList.remove('gone');
    console.error('sig: ' + title + ': ' + text);
  }

  function hasWebAssembly() {
    try {
      if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
        return false;
      }
      // The smallest valid module: the magic number and version 1.
      const module = new WebAssembly.Module(Uint8Array.of(0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00));
      return module instanceof WebAssembly.Module;
    } catch (e) {
      return false;
    }
  }

  function hasWebGL2() {
    try {
      const canvas = document.createElement('canvas');
      return typeof WebGL2RenderingContext !== 'undefined' && !!canvas.getContext('webgl2');
    } catch (e) {
      return false;
    }
  }

  // expectedSize is the number of bytes the body stream will deliver (after the browser has
  // undone any Content-Encoding), or 0 if it cannot be known.
  function expectedSize(response) {
    const encoding = (response.headers.get('Content-Encoding') || 'identity').toLowerCase();
    const length = Number(response.headers.get('Content-Length'));
    onWire = length > 0 ? length : 0;
    if (encoding === 'identity' && length > 0) {
      return length;
    }
    const meta = document.querySelector('meta[name="sig-wasm-size"]');
    const built = meta ? Number(meta.content) : 0;
    return built > 0 ? built : 0;
  }

  // instantiate compiles the module while it downloads, counting the bytes as they arrive.
  //
  // When the server names the type application/wasm (sigserve does, and so does the service
  // worker's copy), the response itself goes to WebAssembly.instantiateStreaming and a clone
  // of it is read only to move the bar: compiling the browser's own Response, with its URL,
  // lets Chromium keep the compiled code beside the cached file and skip compiling on the next
  // visit. Elsewhere (a static host with another type), the bytes are passed through a counting
  // stream into a Response of the right type, which compiles as it streams but is never cached.
  async function instantiate(response, imports) {
    const total = expectedSize(response);
    showProgress(0, total);
    if (!response.body || typeof ReadableStream !== 'function') {
      const bytes = await response.arrayBuffer();
      downloaded(bytes.byteLength, bytes.byteLength);
      return (await WebAssembly.instantiate(bytes, imports)).instance;
    }
    const type = (response.headers.get('Content-Type') || '').split(';')[0].trim().toLowerCase();
    if (typeof WebAssembly.instantiateStreaming === 'function' && type === 'application/wasm') {
      const reader = response.clone().body.getReader();
      let loaded = 0;
      const count = async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            downloaded(loaded, total);
            return;
          }
          loaded += value.byteLength;
          showProgress(loaded, total);
        }
      };
      // The count ends when the body does: complete, or cut short (the compilation then fails
      // too, and the count says why).
      const counting = count().then(() => null, (e) => e);
      try {
        return (await WebAssembly.instantiateStreaming(response, imports)).instance;
      } catch (e) {
        reader.cancel().catch(() => {});
        const cut = await counting;
        throw cut ? new DownloadCut(cut, loaded, total) : e;
      }
    }
    const reader = response.body.getReader();
    let loaded = 0;
    let cut = null;
    const counted = new ReadableStream({
      async pull(controller) {
        let chunk;
        try {
          chunk = await reader.read();
        } catch (e) {
          cut = e;
          throw e;
        }
        const { done, value } = chunk;
        if (done) {
          controller.close();
          downloaded(loaded, total);
          return;
        }
        loaded += value.byteLength;
        showProgress(loaded, total);
        controller.enqueue(value);
      },
      cancel(reason) {
        reader.cancel(reason);
      },
    });
    // The copy carries the right type whatever the server sent, so streaming compilation
    // works on any static host.
    const typed = new Response(counted, { headers: { 'Content-Type': 'application/wasm' } });
    try {
      if (typeof WebAssembly.instantiateStreaming === 'function') {
        return (await WebAssembly.instantiateStreaming(typed, imports)).instance;
      }
      const bytes = await typed.arrayBuffer();
      return (await WebAssembly.instantiate(bytes, imports)).instance;
    } catch (e) {
      throw cut ? new DownloadCut(cut, loaded, total) : e;
    }
  }

  // DownloadCut is a download of sig.wasm that stopped part-way (the network went, say), as
  // against a complete file that would not compile.
  class DownloadCut extends Error {
    constructor(cause, loaded, total) {
      super(cause && cause.message ? cause.message : String(cause));
      this.loaded = loaded;
      this.total = total;
    }
  }

  // downloaded marks the end of the download (data-sig-downloaded-ms) and fills the bar.
  function downloaded(loaded, total) {
    if (root.dataset.sigDownloadedMs) {
      return;
    }
    root.dataset.sigDownloadedMs = performance.now().toFixed(0);
    showProgress(total || loaded, total || loaded);
    showStatus('Preparing the game…');
  }

  function gameArgs() {
    const args = ['sig'];
    const params = new URLSearchParams(location.search);
    for (const name of FLAGS) {
      const value = params.get(name);
      if (value !== null && value !== '') {
        args.push('-' + name + '=' + value);
      }
    }
    return args;
  }

  let shown = false;

  // hideLoader fades the loading screen out and gives the keyboard to the game.
  function hideLoader() {
    if (shown || root.dataset.sigState === 'problem') {
      return;
    }
    shown = true;
    setState('running');
    loader.classList.add('gone');
    setTimeout(() => { loader.hidden = true; }, 300);
    const canvas = document.querySelector('body > canvas');
    if (canvas) {
      canvas.focus();
    }
  }

  // sigFirstFrame is called by the game from its first Draw. The frame reaches the screen
  // when that animation frame ends, so the time is taken at the start of the next one.
  globalThis.sigFirstFrame = () => {
    if (root.dataset.sigFirstFrameMs) {
      return;
    }
    const drawn = performance.now();
    requestAnimationFrame(() => {
      const ms = performance.now();
      root.dataset.sigFirstDrawMs = drawn.toFixed(0);
      root.dataset.sigFirstFrameMs = ms.toFixed(0);
      console.info('sig: first frame ' + ms.toFixed(0) + ' ms after navigation (first Draw ' + drawn.toFixed(0) + ' ms)');
      hideLoader();
      noteBuild();
      keepOffline();
    });
  };

  // UPDATED is the note for a new build, in the game's languages.
  const UPDATED = {
    en: 'Sig has been updated to its newest version.',
    fr: 'Sig a été mis à jour : voici sa dernière version.',
    ar: 'تم تحديث سيق إلى أحدث إصدار.',
  };

  // language is the game's: the one chosen in its settings, else the browser's, else English.
  function language() {
    try {
      const lang = JSON.parse(localStorage.getItem('sig.settings') || '{}').lang;
      if (UPDATED[lang]) {
        return lang;
      }
    } catch (e) {
      // No settings yet, or unreadable: the browser's language.
    }
    const asked = new URLSearchParams(location.search).get('lang');
    for (const tag of [asked || ''].concat(navigator.languages || [navigator.language || ''])) {
      const lang = tag.slice(0, 2).toLowerCase();
      if (UPDATED[lang]) {
        return lang;
      }
    }
    return 'en';
  }

  // noteBuild remembers the build this browser runs ("sig-page.build", beside the game's own
  // "sig.NAME" keys) and, when it ran another before, shows the note for a few seconds.
  function noteBuild() {
    if (!BUILD) {
      return;
    }
    let last = null;
    try {
      last = localStorage.getItem('sig-page.build');
      localStorage.setItem('sig-page.build', BUILD);
    } catch (e) {
      return; // no localStorage (a private window, say): nothing to compare with
    }
    if (last === null || last === BUILD) {
      return;
    }
    root.dataset.sigUpdated = last;
    const note = $('sig-updated');
    const lang = language();
    note.textContent = UPDATED[lang];
    note.lang = lang;
    note.dir = lang === 'ar' ? 'rtl' : 'ltr';
    note.hidden = false;
    let open = true;
    const close = () => {
      if (!open) {
        return;
      }
      open = false;
      note.classList.add('gone');
      setTimeout(() => { note.hidden = true; }, 400);
    };
    // It stays for 480 frames (8 s at 60 frames a second: longer where the game runs slower,
    // so it is on screen as long as the game is), or until the player first taps or types.
    let frames = 0;
    const count = () => {
      if (open && ++frames < 480) {
        requestAnimationFrame(count);
      } else {
        close();
      }
    };
    requestAnimationFrame(count);
    note.onclick = close;
    addEventListener('pointerdown', close, { once: true, capture: true });
    addEventListener('keydown', close, { once: true, capture: true });
  }

  // keepOffline registers the service worker, which caches this build for the next visit
  // (after the first frame, so that it never competes with the game's own download), and asks
  // it to look for a newer build.
  function keepOffline() {
    if (!BUILD || !('serviceWorker' in navigator)) {
      return;
    }
    navigator.serviceWorker.register('sw.js').then((registration) => {
      root.dataset.sigOffline = 'registered';
      if (registration.active) {
        registration.update().catch(() => {});
      }
    }, (e) => {
      root.dataset.sigOffline = 'failed';
      console.warn('sig: the game will not start offline: ' + e.message);
    });
  }

  // Without the game's call (an older build), hide the loader once Ebitengine has sized its
  // canvas and had a moment to draw, rather than leave the loading screen up for good.
  function watchCanvas() {
    const check = () => {
      const canvas = document.querySelector('body > canvas');
      if (canvas && canvas.width > 16) {
        setTimeout(hideLoader, 1500);
        return;
      }
      if (!shown) {
        requestAnimationFrame(check);
      }
    };
    requestAnimationFrame(check);
  }

  async function start() {
    setState('loading');
    if (location.protocol === 'file:') {
      problem('Sig needs a web server',
        'Browsers do not run WebAssembly from a file on disk. Serve this folder instead: ./build.sh serve, or any static web server.', false);
      return;
    }
    if (!hasWebAssembly()) {
      problem('Sig needs WebAssembly',
        'This browser cannot run WebAssembly, or it has been turned off. Sig plays in any recent Firefox, Chrome, Edge or Safari.', false);
      return;
    }
    if (!hasWebGL2()) {
      problem('Sig needs WebGL 2',
        'This browser could not start WebGL 2, which Sig draws with. Try turning on hardware acceleration in the browser settings, or use a recent Firefox, Chrome, Edge or Safari.', false);
      return;
    }
    if (typeof Go !== 'function') {
      problem('Sig could not start', 'wasm_exec.js is missing from this site. Rebuild it with ./build.sh wasm.', true);
      return;
    }

    const go = new Go();
    go.argv = gameArgs();
    // The collector's pace (Go's GOGC, read by the runtime at start): a collection when the
    // heap has grown by half since the last, not doubled. A WebAssembly page's memory never
    // shrinks, so the heap's highest point over the whole visit is what the page keeps; the
    // desktop build sets its own pace (scenes/memlimit.go).
    go.env = Object.assign({}, go.env, { GOGC: '50' });
    keepErrorOutput();

    let response;
    try {
      response = await fetch(WASM_URL);
    } catch (e) {
      problem('Sig could not be downloaded', 'The network failed (' + e.message + '). Check the connection and try again.', true);
      return;
    }
    root.dataset.sigFetchMs = performance.now().toFixed(0);
    if (!response.ok) {
      problem('Sig could not be downloaded', 'The server answered ' + response.status + ' ' + response.statusText + ' for ' + WASM_URL + '.', true);
      return;
    }

    let instance;
    try {
      instance = await instantiate(response, go.importObject);
    } catch (e) {
      if (e instanceof DownloadCut) {
        // In the bytes that travel, as the bar's line says them.
        const fraction = e.total > 0 ? Math.min(1, e.loaded / e.total) : 0;
        const part = onWire > 0 && fraction > 0 ? ' after ' + mb(fraction * onWire) + ' of ' + mb(onWire) + ' MB'
          : e.total > 0 ? ' after ' + mb(Math.min(e.loaded, e.total)) + ' of ' + mb(e.total) + ' MB' : '';
        problem('Sig could not be downloaded', 'The download stopped part-way' + part + ' (' + e.message + '). Check the connection and try again.', true);
      } else {
        problem('Sig could not start', 'The game did not load (' + e.message + '). Reload to try again.', true);
      }
      return;
    }
    root.dataset.sigLoadedMs = performance.now().toFixed(0);
    showStatus(say.starting);
    setState('starting');
    watchCanvas();
    root.dataset.sigRunMs = performance.now().toFixed(0);
    go.run(instance).then(() => {
      const said = errorOutput.trim();
      problem('Sig has stopped', said ? said : 'The game ended unexpectedly; the browser console may say why. Reload to play again.', true);
    }, (e) => {
      problem('Sig has stopped', 'The game ended with an error (' + e.message + '). Reload to play again.', true);
    });
  }

  let errorOutput = '';

  // keepErrorOutput keeps the tail of what the game writes to standard error (a bad ?game=
  // says why there), to show it if the game stops.
  function keepErrorOutput() {
    const fs = globalThis.fs;
    if (!fs || typeof fs.writeSync !== 'function') {
      return;
    }
    const write = fs.writeSync.bind(fs);
    const decoder = new TextDecoder('utf-8');
    fs.writeSync = (fd, buf) => {
      if (fd === 2) {
        errorOutput = (errorOutput + decoder.decode(buf)).slice(-400);
      }
      return write(fd, buf);
    };
  }

  // iOS Safari zooms on a pinch even with user-scalable=no; the game has no use for it.
  document.addEventListener('gesturestart', (e) => e.preventDefault());

  start();
})();
