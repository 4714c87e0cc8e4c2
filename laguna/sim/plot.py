"""The tournament picture: both ratings with their 95% intervals, and each bot's scores, in one PNG.

Drawn on a bare matplotlib Figure with the Agg canvas: no display, no pyplot and no global backend
switch, so it works on a server and does not disturb a program that uses matplotlib itself. Its words are
in the language in force (`laguna.i18n`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from laguna.core import LagunaError
from laguna.core.messages import msg
from laguna.i18n import gettext

if TYPE_CHECKING:
    from laguna.sim.summary import TournamentSummary


def _intervals(axes: Axes, rows: list[int], estimates: list[tuple[float, float, float]], **style: Any) -> None:
    """Each row's estimate (centre, low, high) as a point with its interval."""
    centres = [centre for centre, _, _ in estimates]
    below = [centre - low for centre, low, _ in estimates]
    above = [high - centre for centre, _, high in estimates]
    axes.errorbar(centres, rows, xerr=[below, above], capsize=4, **style)


def plot_tournament(summary: TournamentSummary, path: str | Path) -> Path:
    """Draw the summary to `path` (PNG). Bots are listed strongest first by Bradley–Terry rating."""
    order = sorted(summary.bots, key=lambda bot: (-summary.bradley_terry[bot].elo, bot))
    rows = list(range(len(order)))[::-1]
    height = max(3.5, 1.0 + 0.45 * len(order))
    figure = Figure(figsize=(15, height), layout="constrained")
    FigureCanvasAgg(figure)
    elo_axes, skill_axes, score_axes = figure.subplots(1, 3)

    elo = [summary.bradley_terry[bot] for bot in order]
    _intervals(elo_axes, rows, [(r.elo, r.low, r.high) for r in elo], fmt="o", color="tab:blue")
    elo_axes.axvline(0, color="grey", linewidth=0.8, linestyle=":")
    elo_axes.set_title(gettext("Bradley–Terry Elo (95% CI)"))
    elo_axes.set_xlabel(gettext("Elo points (field average 0)"))

    skill = [summary.openskill[bot] for bot in order]
    _intervals(
        skill_axes,
        rows,
        [(r.mu, r.low, r.high) for r in skill],
        fmt="s",
        color="tab:orange",
        label=gettext("mu ± 1.96 sigma"),
    )
    skill_axes.plot([r.ordinal for r in skill], rows, "x", color="black", label=gettext("ordinal (mu − 3 sigma)"))
    skill_axes.set_title("OpenSkill Plackett–Luce")
    skill_axes.set_xlabel(gettext("rating"))
    skill_axes.legend(loc="best", fontsize="small")

    by_bot = {b.bot: b for b in summary.per_bot}
    score_axes.boxplot(
        [list(by_bot[bot].scores) for bot in order],
        positions=rows,
        orientation="horizontal",
        widths=0.6,
        showmeans=True,
    )
    score_axes.set_title(gettext("Final scores (box: quartiles, triangle: mean)"))
    score_axes.set_xlabel(gettext("VP"))

    for axes in (elo_axes, skill_axes, score_axes):
        axes.set_yticks(rows, order)
        axes.set_ylim(-0.7, len(order) - 0.3)
        axes.grid(axis="x", alpha=0.3)
    figure.suptitle(
        gettext("{game}, {players} players: {games} games, seed {seed}").format(
            game=summary.game, players=summary.players, games=summary.games, seed=summary.seed
        )
    )
    target = Path(path)
    try:
        figure.savefig(target, format="png", dpi=100, metadata={"Software": None})
    except OSError as error:
        raise LagunaError(
            msg("cannot write {path}: {reason}", path=str(target), reason=str(error.strerror or error))
        ) from None
    return target
