// The lobby's table form shows only the rule options of the chosen game. The open tables are fetched
// again whenever the lobby's WebSocket says they changed (live.js: one fetch at a time, and once more
// after it if more changes were heard meanwhile; the socket reconnects).
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
  const refresh = Laguna.coalesced(async () => {
    const list = document.getElementById("open-tables-list");
    const game = list ? list.dataset.game : "";
    const query = game ? `?game=${encodeURIComponent(game)}` : "";
    const response = await fetch(`/lobby/open${query}`, { headers: { Accept: "text/html" } });
    if (response.ok) live.innerHTML = await response.text(); // the server's own escaped fragment
  });
  // every notice, the first too: tables may have changed since the page was drawn (or while the
  // socket was away)
  Laguna.listen("/lobby/live", (data) => { if (data.lobby !== undefined) refresh(); });
})();
