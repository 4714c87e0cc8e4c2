// A finished game's replay: the buttons, the log, the slider and the keys fetch the replay's changing
// part at another step or point of view instead of the whole page, and the address follows, so a link
// opens the step it was copied at.
(function () {
  "use strict";
  const root = document.getElementById("replay");
  if (!root) return;
  const tableId = root.dataset.table;
  const range = document.getElementById("replay-range");
  const seatField = root.querySelector(".replay-slider input[name=seat]");
  const message = document.getElementById("message");
  let wanted = null; // the step and point of view asked for last, shown or on its way
  let asked = 0;

  function inner() { return document.getElementById("replay-inner"); }

  function current() {
    return wanted || { step: Number(inner().dataset.step), seat: inner().dataset.seat };
  }

  function followLog() {
    const log = document.getElementById("replay-log");
    if (log) log.scrollTop = log.scrollHeight; // the current decision is the log's last line
  }

  async function show(step, seat) {
    const last = Number(inner().dataset.last);
    const target = { step: Math.max(0, Math.min(last, step)), seat: seat };
    const query = `step=${target.step}&seat=${encodeURIComponent(target.seat)}`;
    wanted = target;
    const number = ++asked;
    range.value = target.step;
    seatField.value = target.seat;
    let html = null;
    try {
      const response = await fetch(`/t/${tableId}/replay/main?${query}`, { headers: { Accept: "text/html" } });
      if (response.ok) html = await response.text();
    } catch (error) {
      html = null;
    }
    if (number !== asked) return; // a later step was asked for meanwhile
    wanted = null;
    if (html === null) {
      message.textContent = root.dataset.failed;
      message.hidden = false;
      return;
    }
    message.hidden = true;
    document.getElementById("replay-main").innerHTML = html;
    history.replaceState(null, "", `/t/${tableId}/replay?${query}`);
    followLog();
  }

  const moves = {
    first: () => 0,
    previous: (step) => step - 1,
    next: (step) => step + 1,
    last: () => Number(inner().dataset.last),
  };

  root.addEventListener("click", (event) => {
    const link = event.target.closest("a");
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    const now = current();
    if (link.dataset.go) {
      event.preventDefault();
      if (link.hasAttribute("href")) show(moves[link.dataset.go](now.step), now.seat);
    } else if (link.dataset.step) {
      event.preventDefault();
      show(Number(link.dataset.step), now.seat);
    } else if (link.dataset.seat) {
      event.preventDefault();
      show(now.step, link.dataset.seat);
    }
  });

  range.addEventListener("input", () => show(Number(range.value), current().seat));

  const keys = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", (event) => {
    const move = keys[event.key];
    if (!move || event.ctrlKey || event.metaKey || event.altKey) return;
    const typing = event.target.closest && event.target.closest("input, select, textarea, [contenteditable]");
    if (typing) return; // the slider moves itself with these keys, and says so with an input event
    event.preventDefault();
    const now = current();
    show(moves[move](now.step), now.seat);
  });

  followLog();
})();
