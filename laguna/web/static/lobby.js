// The lobby's table form shows only the rule options of the chosen game.
(function () {
  "use strict";
  const form = document.getElementById("create-table");
  if (!form) return;
  const game = form.querySelector("select[name=game]");
  function show() {
    form.querySelectorAll("[data-options-for]").forEach((fieldset) => {
      fieldset.hidden = fieldset.dataset.optionsFor !== game.value;
    });
  }
  game.addEventListener("change", show);
  show();
})();
