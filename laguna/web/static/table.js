// The table page: decisions are buttons (on the board and in the list) sent as JSON; a WebSocket says
// when the game has a new version, and the changing part of the page is fetched again. While a
// decision is on its way the table is marked aria-busy; a piece picked on the board stays picked
// when others' decisions redraw it. The tab's title says when it is the player's turn, and so does a
// browser notification if the player asked for them. A log line under the pointer lights up the
// pieces its decision changed. News of the table's chat is passed on as a "laguna:chat" event.
(function () {
  "use strict";
  const root = document.getElementById("table");
  if (!root) return;
  const tableId = root.dataset.table;
  const csrf = root.dataset.csrf;
  const message = document.getElementById("message");
  const notify = document.getElementById("notify");
  const NOTIFY_KEY = "laguna-notify";
  let busy = false;
  let heard = 0; // the newest version the server announced
  let picked = null; // the piece the player picked on the board, whose places are shown
  let announced = 0; // the version whose turn was announced last (the page's own at first: never on opening)

  function inner() { return document.getElementById("main-inner"); }
  function version() { return Number(inner().dataset.version); }
  // a spectator's highlights show what changed after the decisions on the board when the page opened
  const seen = inner() && inner().dataset.seat === "" ? Number(inner().dataset.decisions) : -1;

  function say(text) {
    message.textContent = text;
    message.hidden = !text;
  }

  function shown() {
    // the new fragment's title, and a notification when another player's decision has given the
    // player the turn (even if the answer to their own decision already shows it)
    document.title = inner().dataset.title;
    const newest = document.querySelector("#log li");
    const given = newest !== null && newest.dataset.seat !== inner().dataset.seat;
    if (inner().dataset.owing === "1" && given && version() > announced) {
      announced = version();
      announce();
    }
  }

  async function refresh() {
    // at the newest version heard of or later, whichever server process answers
    const response = await fetch(`/t/${tableId}/main?version=${heard}&seen=${seen}`, { headers: { Accept: "text/html" } });
    if (!response.ok) return;
    const html = await response.text();
    const fetched = /data-version="(\d+)"/.exec(html);
    if (fetched && Number(fetched[1]) < version()) return; // an older answer overtaken by a newer one
    document.getElementById("table-main").innerHTML = html;
    showPicked();
    shown();
  }

  function showPicked() {
    // the picked piece's places, and no other's; a piece no longer on the board is no longer picked
    const piece = [...document.querySelectorAll("[data-pick]")].find((element) => element.dataset.pick === picked);
    if (!piece) picked = null;
    document.querySelectorAll("[data-pick-of]").forEach((element) => {
      element.toggleAttribute("hidden", element.dataset.pickOf !== picked); // SVG elements have no .hidden
    });
    document.querySelectorAll("[data-pick]").forEach((element) => {
      element.classList.toggle("picked", element === piece);
      element.setAttribute("aria-pressed", element === piece ? "true" : "false");
    });
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

  function press(target) {
    // a decision or a piece to pick: an HTML button, or a drawn piece with role="button"
    if (target.dataset.action) {
      send({ action: target.dataset.action });
    } else if (target.dataset.pick) {
      picked = target.dataset.pick;
      showPicked();
    } else if (target.id === "undo") {
      send({ undo: true });
    }
  }

  document.addEventListener("click", (event) => {
    const target = event.target.closest("[data-action], [data-pick], #undo");
    if (!target || !root.contains(target)) return;
    event.preventDefault();
    press(target);
  });

  document.addEventListener("keydown", (event) => {
    // drawn pieces are not buttons: Enter and Space press them as they press a button
    if (event.key !== "Enter" && event.key !== " ") return;
    const target = event.target.closest("[role=button][data-action], [role=button][data-pick]");
    if (!target || target.tagName === "BUTTON" || !root.contains(target)) return;
    event.preventDefault();
    press(target);
  });

  function point(line, on) {
    // light up the pieces the log line's decision changed
    const keys = (line.dataset.pieces || "").split(" ").filter(Boolean);
    document.querySelectorAll("#main-inner .board [data-piece]").forEach((piece) => {
      piece.toggleAttribute("data-pointed", on && keys.includes(piece.dataset.piece));
    });
  }
  document.addEventListener("pointerover", (event) => {
    const line = event.target.closest && event.target.closest("#log li[data-pieces]");
    if (line) point(line, true);
  });
  document.addEventListener("pointerout", (event) => {
    const line = event.target.closest && event.target.closest("#log li[data-pieces]");
    if (line && !line.contains(event.relatedTarget)) point(line, false);
  });

  // Turn notifications: asked for with the button, never on opening the page; the choice is kept
  // in this browser, and a notification is shown only when the page is not being looked at.
  function notifying() {
    return "Notification" in window && Notification.permission === "granted" && localStorage.getItem(NOTIFY_KEY) === "1";
  }
  function showNotify() {
    if (!notify || !("Notification" in window)) return;
    notify.hidden = false;
    const on = notifying();
    notify.textContent = Notification.permission === "denied" ? notify.dataset.denied : on ? notify.dataset.on : notify.dataset.ask;
    notify.setAttribute("aria-pressed", on ? "true" : "false");
    notify.disabled = Notification.permission === "denied";
  }
  function announce() {
    if (!notifying() || (document.visibilityState === "visible" && document.hasFocus())) return;
    const note = new Notification(inner().dataset.title, { body: notify.dataset.body, tag: `laguna-${tableId}` });
    note.onclick = () => { window.focus(); note.close(); };
  }
  if (notify) {
    notify.addEventListener("click", async () => {
      if (notifying()) {
        localStorage.removeItem(NOTIFY_KEY);
      } else if ((await Notification.requestPermission()) === "granted") {
        localStorage.setItem(NOTIFY_KEY, "1");
      }
      showNotify();
    });
    showNotify();
  }
  announced = inner() ? version() : 0;

  Laguna.listen(`/t/${tableId}/live`, (data) => {
    if (data.chat !== undefined) {
      // a new message in the table's chat: the chat's own script fetches it
      document.dispatchEvent(new CustomEvent("laguna:chat", { detail: data.chat }));
      return;
    }
    heard = Math.max(heard, data.version);
    const gathering = inner().dataset.status === "open";
    if (gathering && data.version !== version()) {
      // a player joined or the game started (perhaps before this socket opened): the whole page changes
      location.reload();
    } else if (data.version !== version() && !busy) {
      refresh();
    }
  });
})();
