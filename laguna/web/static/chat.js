// A table's chat: the page's list of messages grows as the live channel announces new ones (table.js
// passes each notice on as a "laguna:chat" event whose detail is the newest message's number), and a
// seated player's form is sent as JSON without leaving the page. Messages are added as text, never
// as HTML. One fetch at a time (live.js): notices that arrive meanwhile make one more once it is done.
// Times are shown in the reader's own time zone.
(function () {
  "use strict";
  const section = document.getElementById("chat");
  if (!section) return;
  const list = document.getElementById("chat-messages");
  if (!list) return; // the chat is for the players only
  const tableId = section.dataset.table;
  const table = document.getElementById("table");
  const csrf = table ? table.dataset.csrf : "";
  const form = document.getElementById("chat-form");
  const error = document.getElementById("chat-error");
  const empty = document.getElementById("chat-empty");
  let sending = false;

  function newest() {
    const last = list.lastElementChild;
    return last ? Number(last.dataset.id) : 0;
  }

  function twoDigits(number) { return String(number).padStart(2, "0"); }

  function localTime(element) {
    const when = new Date(element.getAttribute("datetime"));
    if (!Number.isNaN(when.getTime())) element.textContent = `${twoDigits(when.getHours())}:${twoDigits(when.getMinutes())}`;
  }

  function followNewest() {
    list.scrollTop = list.scrollHeight;
    if (empty) empty.hidden = list.children.length > 0;
  }

  function say(text) {
    if (!error) return;
    error.textContent = text;
    error.hidden = !text;
  }

  function append(message) {
    if (message.id <= newest()) return; // shown already
    const item = document.createElement("li");
    item.dataset.id = String(message.id);
    const time = document.createElement("time");
    time.setAttribute("datetime", message.when);
    time.textContent = message.at;
    localTime(time);
    const name = document.createElement("strong");
    name.textContent = message.name;
    const text = document.createElement("span");
    text.className = "text";
    text.textContent = message.text;
    item.append(time, " ", name, " ", text);
    list.append(item);
  }

  const fetchNew = Laguna.coalesced(async () => {
    const response = await fetch(`/t/${tableId}/chat?after=${newest()}`, { headers: { Accept: "application/json" } });
    if (!response.ok) return;
    const answer = await response.json();
    (answer.messages || []).forEach(append);
    followNewest();
  });

  document.addEventListener("laguna:chat", (event) => {
    if (Number(event.detail) > newest()) fetchNew();
  });

  if (form) {
    const input = form.elements.text;
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (sending || !input.value.trim()) return;
      sending = true;
      form.setAttribute("aria-busy", "true");
      say("");
      try {
        const response = await fetch(`/t/${tableId}/chat`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf, Accept: "application/json" },
          body: JSON.stringify({ text: input.value }),
        });
        const answer = await response.json().catch(() => ({ error: section.dataset.noAnswer }));
        if (response.ok) {
          input.value = "";
          fetchNew();
        } else {
          say(answer.error || section.dataset.failed);
        }
      } catch {
        say(section.dataset.noAnswer);
      } finally {
        sending = false;
        form.removeAttribute("aria-busy");
      }
    });
  }

  list.querySelectorAll("time[datetime]").forEach(localTime);
  followNewest();
})();
