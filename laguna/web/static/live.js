// What the pages that follow the server live share (the lobby, a table, its chat): a WebSocket that
// reconnects, waiting longer after each failure, and work that runs one at a time, once more after it
// if it was asked for meanwhile (a burst of notices makes two fetches, not a queue of them).
window.Laguna = (function () {
  "use strict";

  function coalesced(work) {
    let running = false;
    let again = false;
    return async function run() {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          await work();
        } while (again);
      } catch {
        // the connection failed: the next notice (or reconnection) asks again
      } finally {
        running = false;
      }
    };
  }

  // Call hear(data) with every message of the WebSocket at `path`, reconnecting after 0.5 s, then
  // twice as long each time up to 10 s; closed with 4404 (nothing there), it is left closed.
  function listen(path, hear) {
    let delay = 500;
    function connect() {
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      const socket = new WebSocket(`${scheme}://${location.host}${path}`);
      socket.onopen = () => { delay = 500; };
      socket.onmessage = (event) => hear(JSON.parse(event.data));
      socket.onclose = (event) => {
        if (event.code === 4404) return;
        setTimeout(connect, delay);
        delay = Math.min(delay * 2, 10000);
      };
    }
    connect();
  }

  return { coalesced, listen };
})();
