// The lobby's table form shows only the rule options of the chosen game. The open tables are fetched
// again whenever the lobby's WebSocket says they changed: one fetch at a time, and once more after it
// if more changes were heard meanwhile; the socket reconnects, waiting longer after each failure.
(function () {
  "use strict";
  const form = document.getElementById("create-table");
  if (form) {
    const game = form.querySelector("select[name=game]");
    const show = () => {
      form.querySelectorAll("[data-options-for]").forEach((fieldset) => {
        fieldset.hidden = fieldset.dataset.optionsFor !== game.value;
      });
    };
    game.addEventListener("change", show);
    show();
  }

  const live = document.getElementById("open-tables-live");
  if (!live) return;
  let fetching = false;
  let again = false;

  async function refresh() {
    if (fetching) {
      again = true;
      return;
    }
    fetching = true;
    try {
      do {
        again = false;
        const list = document.getElementById("open-tables-list");
        const game = list ? list.dataset.game : "";
        const query = game ? `?game=${encodeURIComponent(game)}` : "";
        const response = await fetch(`/lobby/open${query}`, { headers: { Accept: "text/html" } });
        if (response.ok) live.innerHTML = await response.text(); // the server's own escaped fragment
      } while (again);
    } catch {
      // the connection failed: the next notice (or reconnection) fetches the list again
    } finally {
      fetching = false;
    }
  }

  let delay = 500;
  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/lobby/live`);
    socket.onopen = () => { delay = 500; };
    socket.onmessage = (event) => {
      const data = JSON.parse(event.data);
      // every notice, the first too: tables may have changed since the page was drawn (or while the
      // socket was away)
      if (data.lobby !== undefined) refresh();
    };
    socket.onclose = () => {
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 10000);
    };
  }
  connect();
})();
