// The table page: decisions are buttons (on the board and in the list) sent as JSON; a WebSocket says
// when the game has a new version, and the changing part of the page is fetched again. While a
// decision is on its way the table is marked aria-busy; a piece picked on the board stays picked
// when others' decisions redraw it.
(function () {
  "use strict";
  const root = document.getElementById("table");
  if (!root) return;
  const tableId = root.dataset.table;
  const csrf = root.dataset.csrf;
  const message = document.getElementById("message");
  let busy = false;
  let heard = 0; // the newest version the server announced
  let picked = null; // the piece the player picked on the board, whose places are shown

  function inner() { return document.getElementById("main-inner"); }
  function version() { return Number(inner().dataset.version); }

  function say(text) {
    message.textContent = text;
    message.hidden = !text;
  }

  async function refresh() {
    // at the newest version heard of or later, whichever server process answers
    const response = await fetch(`/t/${tableId}/main?version=${heard}`, { headers: { Accept: "text/html" } });
    if (!response.ok) return;
    const html = await response.text();
    const fetched = /data-version="(\d+)"/.exec(html);
    if (fetched && Number(fetched[1]) < version()) return; // an older answer overtaken by a newer one
    document.getElementById("table-main").innerHTML = html;
    showPicked();
  }

  function showPicked() {
    // the picked piece's places, and no other's; a piece no longer on the board is no longer picked
    const piece = [...document.querySelectorAll(".pick")].find((button) => button.dataset.pick === picked);
    if (!piece) picked = null;
    document.querySelectorAll("[data-pick-of]").forEach((button) => {
      button.hidden = button.dataset.pickOf !== picked;
    });
    document.querySelectorAll(".pick").forEach((button) => button.classList.toggle("picked", button === piece));
  }

  async function send(body) {
    if (busy) return;
    busy = true;
    root.setAttribute("aria-busy", "true");
    picked = null;
    say("");
    try {
      const response = await fetch(`/t/${tableId}/act`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf, Accept: "application/json" },
        body: JSON.stringify(Object.assign({ seat: Number(inner().dataset.seat), version: version() }, body)),
      });
      const answer = await response.json().catch(() => ({ error: root.dataset.noAnswer }));
      if (!response.ok) say(answer.error || root.dataset.failed);
      if (answer.version) heard = Math.max(heard, answer.version);
      await refresh();
    } catch {
      say(root.dataset.noAnswer); // the connection failed: the decision may or may not have arrived
      refresh().catch(() => {});
    } finally {
      busy = false;
      root.removeAttribute("aria-busy");
    }
    if (heard > version()) refresh(); // announced while this decision was on its way
  }

  document.addEventListener("click", (event) => {
    const target = event.target.closest("button");
    if (!target || !root.contains(target)) return;
    if (target.dataset.action) {
      send({ action: target.dataset.action });
    } else if (target.dataset.pick) {
      picked = target.dataset.pick;
      showPicked();
    } else if (target.id === "undo") {
      send({ undo: true });
    }
  });

  let delay = 500;
  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/t/${tableId}/live`);
    socket.onopen = () => { delay = 500; };
    let first = true;
    socket.onmessage = (event) => {
      const data = JSON.parse(event.data);
      heard = Math.max(heard, data.version);
      const gathering = inner().dataset.status === "open";
      if (gathering && !first) {
        location.reload(); // a player joined or the game started: the whole page changes
      } else if (data.version !== version() && !busy) {
        refresh();
      }
      first = false;
    };
    socket.onclose = (event) => {
      if (event.code === 4404) { return; } // the table is gone: nothing more will be heard of it
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 10000);
    };
  }
  connect();
})();
